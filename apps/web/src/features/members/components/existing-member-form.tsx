import { Button, Checkbox, Group, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { USER_SEARCH_MIN_LENGTH } from '@climbing/domain';
import { useFieldProps } from '../../../components/ui/form/use-field-props';
import { useFormFailure } from '../../../components/ui/form/use-form-failure';
import { currentLanguage } from '../../../lib/i18n';
import { translateError } from '../../../lib/translate-error';
import { nonMembersQuery, type ExistingMemberBody, type NonMember } from '../api/members';
import { existingMemberSchema } from '../schemas/member-schemas';
import { formResolver } from '../../../lib/form-resolver';
import { focusingErrors } from '../../../components/ui/form/focus-first-error';

interface ExistingMemberFormProps {
  organizationId: number;
  onSubmit: (body: ExistingMemberBody, user: NonMember) => Promise<void>;
}

const optionLabel = (user: NonMember) => user.fullName;

/**
 * Offer the membership to an existing account that is not a member yet, found by name (at least
 * three letters) or whole e-mail on the server; the person joins once they accept.
 */
export function ExistingMemberForm({ organizationId, onSubmit }: ExistingMemberFormProps) {
  const { t, i18n } = useTranslation();
  const failure = useFormFailure();
  const [submitting, setSubmitting] = useState(false);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<NonMember | null>(null);
  // Picking an option writes its label into the search box; that label is not a new search.
  const typed = selected !== null && search === optionLabel(selected) ? '' : search.trim();
  const [debounced] = useDebouncedValue(typed, 300);
  const candidates = useQuery({ ...nonMembersQuery(organizationId, debounced), placeholderData: keepPreviousData });
  const form = useForm({
    mode: 'controlled',
    initialValues: { userId: null as string | null, orgAdmin: false, coach: false, judge: false },
    validate: formResolver(existingMemberSchema),
  });
  const field = useFieldProps(form);

  const users = debounced.length >= USER_SEARCH_MIN_LENGTH ? (candidates.data ?? []) : [];
  const options = [...(selected && !users.some((user) => user.id === selected.id) ? [selected] : []), ...users];

  const handleSubmit = form.onSubmit(async (values) => {
    if (selected === null) return;
    setSubmitting(true);
    try {
      await onSubmit({ userId: selected.id, orgAdmin: values.orgAdmin, coach: values.coach, judge: values.judge }, selected);
    } catch (error) {
      failure(form, error);
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <form onSubmit={focusingErrors(handleSubmit)} noValidate>
      <Stack gap="md">
        <Select
          {...field('userId')}
          label={t('members.pickUser')}
          description={t('members.pickUserHint')}
          placeholder={t('members.pickUserPlaceholder')}
          searchable
          clearable
          withAsterisk
          required
          searchValue={search}
          onSearchChange={setSearch}
          // The server already searched; the options must not be filtered again by label.
          filter={({ options: all }) => all}
          nothingFoundMessage={
            debounced.length < USER_SEARCH_MIN_LENGTH ? t('members.typeMore', { count: USER_SEARCH_MIN_LENGTH }) : candidates.isFetching ? t('app.loading') : t('members.noUsersFound')
          }
          data={options.map((user) => ({ value: String(user.id), label: optionLabel(user) }))}
          onChange={(value) => {
            setSelected(options.find((user) => String(user.id) === value) ?? null);
            form.setFieldValue('userId', value);
          }}
        />
        {candidates.isError && <Text c="red" size="sm">{translateError(candidates.error, currentLanguage(i18n), t)}</Text>}
        <Group gap="lg">
          <Checkbox {...field('orgAdmin', { type: 'checkbox' })} label={t('members.roleAdmin')} />
          <Checkbox {...field('coach', { type: 'checkbox' })} label={t('members.roleCoach')} />
          <Checkbox {...field('judge', { type: 'checkbox' })} label={t('members.roleJudge')} />
        </Group>
        <Button type="submit" loading={submitting}>
          {t('members.addSubmit')}
        </Button>
      </Stack>
    </form>
  );
}
