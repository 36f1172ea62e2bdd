import { ActionIcon, Button, Fieldset, Group, Select, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SOCIAL_LINK_TYPES } from '@climbing/domain';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useFieldProps } from '../../../components/ui/form/use-field-props';
import { useFormFailure } from '../../../components/ui/form/use-form-failure';
import { emptyToNull } from '../../../lib/form-fields';
import type { Organization, OrganizationBody } from '../api/organizations';
import { organizationSettingsSchema, type OrganizationSettingsValues } from '../schemas/organization-schemas';
import { formResolver } from '../../../lib/form-resolver';
import { focusingErrors } from '../../../components/ui/form/focus-first-error';
import { useCountryOptions } from '../../events/api/countries';

const valuesOf = (organization: Organization): OrganizationSettingsValues => ({
  name: organization.name,
  shortcut: organization.shortcut ?? '',
  shortDescription: organization.shortDescription ?? '',
  description: organization.description ?? '',
  webPage: organization.webPage ?? '',
  street: organization.address?.street ?? '',
  streetNumber: organization.address?.streetNumber ?? '',
  city: organization.address?.city ?? '',
  zipcode: organization.address?.zipcode ?? '',
  country: organization.address?.country ?? '',
  contactName: organization.contactPerson?.name ?? '',
  contactSurname: organization.contactPerson?.surname ?? '',
  contactEmail: organization.contactPerson?.email ?? '',
  contactPhone: organization.contactPerson?.phoneNumber ?? '',
  socialLinks: organization.socialLinks.map(({ type, url }) => ({ type, url })),
  clubsEnabled: organization.clubsEnabled,
  seasonStartMonth: organization.seasonStartMonth === null ? null : String(organization.seasonStartMonth),
});

export const organizationBody = (values: OrganizationSettingsValues): OrganizationBody => {
  const address = {
    street: emptyToNull(values.street),
    streetNumber: emptyToNull(values.streetNumber),
    city: emptyToNull(values.city),
    zipcode: emptyToNull(values.zipcode),
    country: emptyToNull(values.country),
  };
  const hasContact = values.contactName.trim() !== '' || values.contactSurname.trim() !== '';
  return {
    name: values.name.trim(),
    shortcut: emptyToNull(values.shortcut),
    shortDescription: emptyToNull(values.shortDescription),
    description: emptyToNull(values.description),
    webPage: emptyToNull(values.webPage),
    address: Object.values(address).some((value) => value !== null) ? address : null,
    contactPerson: hasContact
      ? { name: values.contactName.trim(), surname: values.contactSurname.trim(), email: emptyToNull(values.contactEmail), phoneNumber: emptyToNull(values.contactPhone) }
      : null,
    socialLinks: values.socialLinks.map((link) => ({ type: link.type, url: link.url.trim() })),
    clubsEnabled: values.clubsEnabled,
    seasonStartMonth: values.seasonStartMonth === null || values.seasonStartMonth === '' ? null : Number(values.seasonStartMonth),
  };
};

export function OrganizationSettingsForm({ organization, onSubmit }: { organization: Organization; onSubmit: (body: OrganizationBody) => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const failure = useFormFailure();
  const [submitting, setSubmitting] = useState(false);
  const form = useForm<OrganizationSettingsValues>({
    mode: 'controlled',
    initialValues: valuesOf(organization),
    validate: formResolver(organizationSettingsSchema),
    validateInputOnBlur: true,
  });
  const field = useFieldProps(form);
  const countryChoices = useCountryOptions();
  const monthName = (month: number) => new Date(2000, month - 1, 1).toLocaleString(i18n.language, { month: 'long' });

  const handleSubmit = form.onSubmit(async (values) => {
    setSubmitting(true);
    try {
      await onSubmit(organizationBody(values));
    } catch (error) {
      failure(form, error);
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <form onSubmit={focusingErrors(handleSubmit)} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...field('name')} label={t('organizations.name')} maxLength={200} withAsterisk required />
          <TextInput {...field('shortcut')} label={t('organizations.shortcut')} maxLength={20} />
        </SimpleGrid>
        <Textarea {...field('shortDescription')} label={t('organizations.shortDescription')} maxLength={500} autosize minRows={2} />
        <Textarea {...field('description')} label={t('organizations.description')} maxLength={10_000} autosize minRows={4} />
        <TextInput {...field('webPage')} label={t('organizations.webPage')} type="url" inputMode="url" placeholder="https://" maxLength={500} />
        <Fieldset legend={t('address.title')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...field('street')} label={t('address.street')} maxLength={200} />
            <TextInput {...field('streetNumber')} label={t('address.streetNumber')} maxLength={50} />
            <TextInput {...field('city')} label={t('address.city')} maxLength={200} />
            <TextInput {...field('zipcode')} label={t('address.zipcode')} maxLength={20} />
            <Select {...field('country')} label={t('address.country')} searchable clearable data={countryChoices} />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('organizations.contactPerson')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...field('contactName')} label={t('person.name')} maxLength={100} />
            <TextInput {...field('contactSurname')} label={t('person.surname')} maxLength={100} />
            <TextInput {...field('contactEmail')} label={t('auth.email')} type="email" inputMode="email" maxLength={254} />
            <TextInput {...field('contactPhone')} label={t('person.phoneNumber')} type="tel" inputMode="tel" maxLength={50} />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('organizations.socialLinks')}>
          <Stack gap="xs">
            {form.values.socialLinks.map((_link, index) => (
              <Group key={index} align="flex-end" wrap="nowrap">
                <Select
                  {...field(`socialLinks.${index}.type`)}
                  label={t('organizations.linkType')}
                  allowDeselect={false}
                  w={150}
                  data={SOCIAL_LINK_TYPES.map((type) => ({ value: type, label: t(`socialLink.${type}`) }))}
                />
                <TextInput {...field(`socialLinks.${index}.url`)} label={t('organizations.linkUrl')} type="url" inputMode="url" placeholder="https://" maxLength={500} withAsterisk style={{ flex: 1 }} />
                <ActionIcon variant="subtle" color="red" mb={4} aria-label={t('organizations.removeLink')} onClick={() => form.removeListItem('socialLinks', index)}>
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            <Button variant="light" size="xs" style={{ alignSelf: 'flex-start' }} onClick={() => form.insertListItem('socialLinks', { type: 'WEBPAGE', url: '' })}>
              {t('organizations.addLink')}
            </Button>
          </Stack>
        </Fieldset>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Switch {...field('clubsEnabled', { type: 'checkbox' })} label={t('organizations.clubsEnabled')} />
          <Select
            {...field('seasonStartMonth')}
            label={t('organizations.seasonStartMonth')}
            description={t('organizations.seasonStartMonthHint')}
            clearable
            data={Array.from({ length: 12 }, (_unused, index) => ({ value: String(index + 1), label: monthName(index + 1) }))}
          />
        </SimpleGrid>
        <Button type="submit" loading={submitting} style={{ alignSelf: 'flex-start' }}>
          {t('common.save')}
        </Button>
      </Stack>
    </form>
  );
}
