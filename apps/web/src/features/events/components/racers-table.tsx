import { ActionIcon, Badge, Button, Group, NativeSelect, NumberInput, Table, Text, VisuallyHidden } from '@mantine/core';
import { genderFits, type RegistrationState } from '@climbing/domain';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import type { QualificationGroup } from '../api/race';
import type { Registration } from '../api/registrations';
import classes from './racers-table.module.css';
import { SexMark, sexOf } from './sex-mark';

export interface RacerActions {
  onMove: (registration: Registration, groupId: number) => void;
  onPresence: (registration: Registration, state: RegistrationState) => void;
  onNumber: (registration: Registration, racerNumber: number) => void;
  onRemove: (registration: Registration) => void;
  onCategory: (registration: Registration, ageCategoryId: number) => void;
}

interface RacersTableProps extends RacerActions {
  registrations: readonly Registration[];
  groups: readonly QualificationGroup[];
  /** The race's age categories; a column to see and change each racer's one when there are any. */
  ageCategories: readonly { id: number; name: string }[];
  /** The category may change until the race is finished (the server allows only one that fits the age). */
  categoryEditable: boolean;
  /** Roster edits allowed (before qualification closes). */
  editable: boolean;
  /** Registrations may still be removed (spec 5: until the registration period ends). */
  removable?: boolean;
  /** The registration a possible duplicate repeats (to name it in the row). */
  originalOf?: (registration: Registration) => Registration | undefined;
  /** Opens the correction of a one-time racer's details (a racer with an account keeps them in the profile). */
  onEdit?: (registration: Registration) => void;
}

const originalLabel = (original: Registration | undefined) => (original ? `${original.racerNumber} ${original.fullName}` : '?');
const countryOf = (registration: Registration) => registration.user?.country ?? registration.unregisteredUser?.country ?? null;
const clubOf = (registration: Registration) => registration.user?.club ?? registration.unregisteredUser?.club ?? null;
function RacerNumberCell({ registration, disabled, onNumber }: { registration: Registration; disabled: boolean; onNumber: RacerActions['onNumber'] }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<number | string>(registration.racerNumber);
  const changed = Number(value) !== registration.racerNumber && Number.isInteger(Number(value)) && Number(value) > 0;
  // Enter, leaving the field and the tick all save (a number typed and left was silently not kept);
  // a value is sent once, so leaving the field by pressing the tick does not send it twice.
  const sent = useRef<number | null>(null);
  const save = () => {
    const number = Number(value);
    if (!changed || sent.current === number) return;
    sent.current = number;
    onNumber(registration, number);
  };
  // The up and down arrows are 17x14 px: no target for a finger. A touch screen types the number on its keypad.
  const touch = useMediaQuery('(pointer: coarse)', false, { getInitialValueInEffect: false });
  return (
    <Group gap={4} wrap="nowrap">
      <NumberInput
        aria-label={t('racers.numberOf', { name: registration.fullName })}
        value={value}
        onChange={(next) => {
          sent.current = null;
          setValue(next);
        }}
        onBlur={save}
        onKeyDown={(event) => {
          if (event.key === 'Enter') save();
        }}
        min={1}
        max={1_000_000}
        allowDecimal={false}
        w={touch ? 64 : 80}
        size="xs"
        hideControls={touch}
        disabled={disabled}
      />
      {changed && (
        <ActionIcon aria-label={t('racers.saveNumber', { name: registration.fullName })} onClick={save} size="sm">
          <IconCheck size={14} />
        </ActionIcon>
      )}
    </Group>
  );
}

/** A presence badge keeps its whole word when the table is narrow (the desk's tablet). */
const keepWhole = { style: { flexShrink: 0 }, styles: { label: { overflow: 'visible' } } } as const;

/** Registered racers of a race: number, name and sex, presence (the desk's action, next to the name), club, country, age category and group, with the row actions. */
export function RacersTable({ registrations, groups, ageCategories, categoryEditable, editable, removable = true, originalOf, onMove, onPresence, onNumber, onRemove, onCategory, onEdit }: RacersTableProps) {
  const { t } = useTranslation();
  if (registrations.length === 0) return <Text c="dimmed">{t('racers.empty')}</Text>;
  // A group for the other sex climbs other routes: it is offered greyed out (the server refuses the move too).
  const groupData = (registration: Registration) => {
    const sex = sexOf(registration);
    return groups.map((group) => ({ value: String(group.id), label: t('startingList.group', { name: group.name }), disabled: sex !== null && !genderFits(group.gender, sex) }));
  };
  const categoryData = ageCategories.map((category) => ({ value: String(category.id), label: category.name }));
  const anyKept = editable && registrations.some((registration) => registration.inQualification && registration.hasResults);
  return (
    <>
      {anyKept && (
        <Text size="sm" c="dimmed" mb="xs" data-testid="kept-by-results">
          {t('racers.keptByResults')}
        </Text>
      )}
      <Table.ScrollContainer minWidth={640}>
        <Table striped withTableBorder verticalSpacing="xs" className={classes.table}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('startingList.number')}</Table.Th>
              <Table.Th>{t('startingList.name')}</Table.Th>
              <Table.Th>{t('racers.presence')}</Table.Th>
              <Table.Th visibleFrom="md">{t('startingList.club')}</Table.Th>
              <Table.Th visibleFrom="md">{t('startingList.country')}</Table.Th>
              {categoryData.length > 0 && <Table.Th>{t('results.category')}</Table.Th>}
              <Table.Th>{t('registration.group')}</Table.Th>
              <Table.Th className={classes.actions}>
                <VisuallyHidden>{t('racers.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {registrations.map((registration) => {
              // In a group's starting order a racer stays in their group; without a score they can still be taken out (not present, removed).
              const scored = registration.inQualification && registration.hasResults;
              const locked = !editable || registration.inQualification;
              const keeps = !editable || scored;
              return (
                <Table.Tr key={registration.id} data-testid={`racer-${registration.id}`}>
                  <Table.Td>
                    <RacerNumberCell key={registration.racerNumber} registration={registration} disabled={!editable} onNumber={onNumber} />
                  </Table.Td>
                  <Table.Td>
                    {registration.fullName}
                    <SexMark registration={registration} />
                    {registration.possibleDuplicateOf !== null && (
                      <Badge color="orange" variant="light" ml={6} data-testid={`duplicate-${registration.id}`}>
                        {t('racers.possibleDuplicateOf', { original: originalLabel(originalOf?.(registration)) })}
                      </Badge>
                    )}
                    {/* Below laptop width (the desk's tablet) club and country go under the name, so presence stays in view. */}
                    <Text size="xs" c="dimmed" hiddenFrom="md">
                      {[clubOf(registration), countryOf(registration)].filter(Boolean).join(' · ')}
                    </Text>
                  </Table.Td>
                  <Table.Td className={classes.presence}>
                    {/* The buttons go under the badge when the column is narrow (the desk's tablet), so the row fits without scrolling. */}
                    <Group gap={4} wrap="wrap">
                      {registration.state === null && <Badge color="gray" {...keepWhole}>{t('racers.unconfirmed')}</Badge>}
                      {registration.state === 'PRESENT' && <Badge color="green" {...keepWhole}>{t('racers.present')}</Badge>}
                      {registration.state === 'NOT_PRESENT' && <Badge color="red" {...keepWhole}>{t('racers.notPresent')}</Badge>}
                      {registration.state !== 'PRESENT' && (
                        <Button size="compact-xs" variant="light" color="green" disabled={!editable} onClick={() => onPresence(registration, 'PRESENT')} aria-label={t('racers.confirmPresenceOf', { name: registration.fullName })}>
                          {t('racers.confirmPresence')}
                        </Button>
                      )}
                      {registration.state !== 'NOT_PRESENT' && (
                        // The browser's own hint (title): a floating tooltip per row cost the table a third of its drawing.
                        <ActionIcon size="sm" variant="light" color="orange" disabled={keeps} onClick={() => onPresence(registration, 'NOT_PRESENT')} aria-label={t('racers.markAbsentOf', { name: registration.fullName })} title={t('racers.markAbsent')}>
                          <IconX size={14} />
                        </ActionIcon>
                      )}
                    </Group>
                    {/* Why "not present" and remove are off for this racer: said in the row (a tablet has no hover), explained once above the table. */}
                    {editable && scored && (
                      <Text size="xs" c="dimmed" mt={2} data-testid={`kept-${registration.id}`}>
                        {t('racers.hasScores')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td visibleFrom="md">{clubOf(registration) ?? ''}</Table.Td>
                  <Table.Td visibleFrom="md">{countryOf(registration) ?? ''}</Table.Td>
                  {categoryData.length > 0 && (
                    <Table.Td>
                      <NativeSelect
                        aria-label={t('racers.categoryOf', { name: registration.fullName })}
                        size="xs"
                        w={120}
                        // Without a category the first entry says so; it cannot be chosen back.
                        // Only the categories the racer's age fits can be chosen (the server refuses the others).
                        data={[
                          ...(registration.ageCategory === null ? [{ value: '', label: t('racers.noCategory'), disabled: true }] : []),
                          ...categoryData.map((item) => ({ ...item, disabled: item.value !== String(registration.ageCategory?.id) && !registration.fittingAgeCategoryIds.includes(Number(item.value)) })),
                        ]}
                        value={registration.ageCategory === null ? '' : String(registration.ageCategory.id)}
                        onChange={(event) => {
                          const id = Number(event.currentTarget.value);
                          if (id && id !== registration.ageCategory?.id) onCategory(registration, id);
                        }}
                        disabled={!categoryEditable}
                        className={classes.readable}
                      />
                    </Table.Td>
                  )}
                  <Table.Td>
                    <NativeSelect
                      aria-label={t('racers.groupOf', { name: registration.fullName })}
                      size="xs"
                      w={120}
                      data={registration.qualificationGroupId === null ? [{ value: '', label: '–', disabled: true }, ...groupData(registration)] : groupData(registration)}
                      value={registration.qualificationGroupId === null ? '' : String(registration.qualificationGroupId)}
                      onChange={(event) => {
                        const id = Number(event.currentTarget.value);
                        if (id && id !== registration.qualificationGroupId) onMove(registration, id);
                      }}
                      disabled={locked}
                      className={classes.readable}
                    />
                  </Table.Td>
                  <Table.Td className={classes.actions}>
                    <Group gap={2} wrap="nowrap">
                      {onEdit && registration.unregisteredUser !== null && (
                        <ActionIcon variant="subtle" disabled={!editable} onClick={() => onEdit(registration)} aria-label={t('racers.editOf', { name: registration.fullName })} title={t('racers.edit')}>
                          <IconPencil size={16} />
                        </ActionIcon>
                      )}
                      <ActionIcon color="red" variant="subtle" disabled={keeps || !removable} onClick={() => onRemove(registration)} aria-label={t('racers.removeOf', { name: registration.fullName })}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
