import { Button, Checkbox, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconFilter, IconSearch } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation';
import { MonthField } from '../../../components/ui/form/month-field';
import { useCountryOptions } from '../api/countries';
import type { EventFilters } from '../api/get-events';
import { organizationOptionsQuery } from '../api/organization-options';
import classes from './event-filters.module.css';

interface EventFiltersProps {
  value: EventFilters;
  onChange: (next: EventFilters) => void;
  /** "My events only" needs a login. */
  loggedIn: boolean;
}

/**
 * Search, organization, country, month (mm/yyyy) and "my events only" above the event list. On a
 * phone the three choices are behind "More filters" (saying how many are on): four fields filled
 * the first screen and pushed the events below it.
 */
export function EventFiltersBar({ value, onChange, loggedIn }: EventFiltersProps) {
  const { t } = useTranslation();
  const countryChoices = useCountryOptions();
  const organizations = useQuery(organizationOptionsQuery);
  const [moreOpen, setMoreOpen] = useState(false);
  const moreId = useId();
  const moreOn = [value.organizationId, value.country, value.month].filter(Boolean).length;

  return (
    <Group role="search" aria-label={t('event.filters.label')} gap="sm" align="flex-end">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} style={{ flex: 1, minWidth: 240 }}>
        <TextInput
          label={t('event.filters.search')}
          placeholder={t('event.filters.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          type="search"
          maxLength={200}
          value={value.q ?? ''}
          onChange={(event) => onChange({ ...value, q: event.currentTarget.value })}
        />
        <div className={classes.more} id={moreId} data-open={moreOpen || undefined}>
          <Select
            label={t('event.filters.organization')}
            placeholder={t('event.filters.any')}
            searchable
            clearable
            data={(organizations.data ?? []).map((organization) => ({ value: String(organization.id), label: organization.name }))}
            value={value.organizationId ? String(value.organizationId) : null}
            onChange={(id) => onChange({ ...value, organizationId: id ? Number(id) : null })}
          />
          <Select
            label={t('event.filters.country')}
            placeholder={t('event.filters.any')}
            searchable
            clearable
            data={countryChoices}
            value={value.country ?? null}
            onChange={(country) => onChange({ ...value, country })}
          />
          <MonthField
            label={t('event.filters.month')}
            clearButtonProps={{ 'aria-label': t('event.filters.clearMonth') }}
            value={value.month ?? null}
            onChange={(month) => onChange({ ...value, month })}
          />
        </div>
      </SimpleGrid>
      <Button
        hiddenFrom="sm"
        variant="subtle"
        h={44}
        leftSection={<IconFilter size={16} aria-hidden />}
        aria-expanded={moreOpen}
        aria-controls={moreId}
        onClick={() => setMoreOpen((open) => !open)}
      >
        {moreOpen ? t('event.filters.fewer') : moreOn > 0 ? t('event.filters.moreActive', { count: moreOn }) : t('event.filters.more')}
      </Button>
      {loggedIn && (
        <Checkbox
          label={t('event.filters.mine')}
          checked={value.mine ?? false}
          onChange={(event) => onChange({ ...value, mine: event.currentTarget.checked })}
          mb={8}
        />
      )}
    </Group>
  );
}
