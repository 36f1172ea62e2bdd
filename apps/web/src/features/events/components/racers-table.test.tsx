import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { buildGroup, buildRegistration } from '../testing/build-race';
import { RacersTable, type RacerActions } from './racers-table';

const CATEGORIES = [
  { id: 3, name: 'Youth' },
  { id: 4, name: 'Adults' },
];

const setUp = (editable = true, ageCategories: { id: number; name: string }[] = [], fittingAgeCategoryIds: number[] = [3, 4]) => {
  const actions: RacerActions = { onMove: vi.fn(), onPresence: vi.fn(), onNumber: vi.fn(), onRemove: vi.fn(), onCategory: vi.fn() };
  const jana = buildRegistration({ ageCategory: ageCategories.length > 0 ? { id: 3, name: 'Youth' } : null, fittingAgeCategoryIds });
  const petra = buildRegistration({ id: 102, racerNumber: 2, fullName: 'Petra Nová', state: 'PRESENT', unregisteredUser: null, user: { id: 5, sex: 'F', birthYear: 2001, country: 'CZE', club: 'HK Brno' } });
  renderWithProviders(
    <RacersTable registrations={[jana, petra]} groups={[buildGroup(), buildGroup({ id: 12, name: 'B' })]} ageCategories={ageCategories} categoryEditable={editable} editable={editable} {...actions} />,
  );
  return { actions, jana, petra };
};

describe('racers table', () => {
  it('shows number, name, club, country code and presence', () => {
    setUp();
    const row = screen.getByRole('row', { name: /Petra Nová/ });
    expect(row).toHaveTextContent('HK Brno');
    expect(row).toHaveTextContent('CZE');
    expect(row).toHaveTextContent('Present');
    expect(screen.getByRole('row', { name: /Jana Horáková/ })).toHaveTextContent('Not checked in');
    // Nobody has scores in a starting order: nothing to explain.
    expect(screen.queryByTestId('kept-by-results')).not.toBeInTheDocument();
  });

  it('confirms presence, marks absent and removes through the row actions', async () => {
    const user = userEvent.setup();
    const { actions, jana, petra } = setUp();
    await user.click(screen.getByRole('button', { name: 'Confirm presence of Jana Horáková' }));
    expect(actions.onPresence).toHaveBeenCalledWith(jana, 'PRESENT');
    expect(screen.queryByRole('button', { name: 'Confirm presence of Petra Nová' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark Petra Nová as not present' }));
    expect(actions.onPresence).toHaveBeenCalledWith(petra, 'NOT_PRESENT');
    await user.click(screen.getByRole('button', { name: 'Remove Petra Nová' }));
    expect(actions.onRemove).toHaveBeenCalledWith(petra);
  });

  it('saves an edited racer number and moves between groups', async () => {
    const user = userEvent.setup();
    const { actions, jana } = setUp();
    const number = screen.getByRole('textbox', { name: 'Racer number of Jana Horáková' });
    await user.clear(number);
    await user.type(number, '17');
    await user.click(screen.getByRole('button', { name: 'Save the racer number of Jana Horáková' }));
    expect(actions.onNumber).toHaveBeenCalledWith(jana, 17);
    // The browser's own list (a native select): cheap to draw in every row, a finger's picker on a tablet.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Group of Jana Horáková' }), 'Group B');
    expect(actions.onMove).toHaveBeenCalledWith(jana, 12);
  });

  it('saves a racer number on Enter and when the field is left, once', async () => {
    const user = userEvent.setup();
    const { actions, jana, petra } = setUp();
    const number = screen.getByRole('textbox', { name: 'Racer number of Jana Horáková' });
    await user.clear(number);
    await user.type(number, '21{Enter}');
    expect(actions.onNumber).toHaveBeenCalledWith(jana, 21);
    // Leaving the field after Enter sends nothing more.
    await user.tab();
    expect(actions.onNumber).toHaveBeenCalledTimes(1);
    const other = screen.getByRole('textbox', { name: 'Racer number of Petra Nová' });
    await user.clear(other);
    await user.type(other, '33');
    await user.click(document.body);
    expect(actions.onNumber).toHaveBeenLastCalledWith(petra, 33);
    expect(actions.onNumber).toHaveBeenCalledTimes(2);
  });

  it("marks each racer's sex beside the name, and offers the correction of a one-time racer's details only", async () => {
    const user = userEvent.setup();
    const actions: RacerActions = { onMove: vi.fn(), onPresence: vi.fn(), onNumber: vi.fn(), onRemove: vi.fn(), onCategory: vi.fn() };
    const onEdit = vi.fn();
    const jana = buildRegistration();
    const martin = buildRegistration({ id: 103, racerNumber: 3, fullName: 'Martin Šimko', unregisteredUser: null, user: { id: 6, sex: 'M', birthYear: 2000, country: 'SVK', club: null } });
    renderWithProviders(<RacersTable registrations={[jana, martin]} groups={[buildGroup()]} ageCategories={[]} categoryEditable editable onEdit={onEdit} {...actions} />);
    expect(screen.getByTestId('sex-101')).toHaveTextContent('Female');
    expect(screen.getByTestId('sex-103')).toHaveTextContent('Male');
    await user.click(screen.getByRole('button', { name: 'Correct the details of Jana Horáková' }));
    expect(onEdit).toHaveBeenCalledWith(jana);
    // A racer with an account keeps the details in the profile.
    expect(screen.queryByRole('button', { name: 'Correct the details of Martin Šimko' })).not.toBeInTheDocument();
  });

  it('offers a group for the other sex greyed out', () => {
    const actions: RacerActions = { onMove: vi.fn(), onPresence: vi.fn(), onNumber: vi.fn(), onRemove: vi.fn(), onCategory: vi.fn() };
    const petra = buildRegistration({ id: 102, racerNumber: 2, fullName: 'Petra Nová', unregisteredUser: null, user: { id: 5, sex: 'F', birthYear: 2001, country: 'CZE', club: 'HK Brno' } });
    renderWithProviders(
      <RacersTable registrations={[petra]} groups={[buildGroup({ gender: 'WOMEN' }), buildGroup({ id: 12, name: 'B', gender: 'MEN' })]} ageCategories={[]} categoryEditable editable {...actions} />,
    );
    const select = screen.getByRole('combobox', { name: 'Group of Petra Nová' });
    expect(within(select).getByRole('option', { name: 'Group B' })).toBeDisabled();
    expect(within(select).getByRole('option', { name: 'Group A' })).toBeEnabled();
  });

  it('locks the actions once the roster may no longer change', () => {
    setUp(false);
    expect(screen.getByRole('button', { name: 'Remove Jana Horáková' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Confirm presence of Jana Horáková' })).toBeDisabled();
  });

  it('lets a late check-in be undone while the racer has no score; a scored racer stays, and the row says why', async () => {
    const user = userEvent.setup();
    const actions: RacerActions = { onMove: vi.fn(), onPresence: vi.fn(), onNumber: vi.fn(), onRemove: vi.fn(), onCategory: vi.fn() };
    const late = buildRegistration({ state: 'PRESENT', inQualification: true, hasResults: false });
    const scored = buildRegistration({ id: 102, racerNumber: 2, fullName: 'Petra Nová', state: 'PRESENT', inQualification: true, hasResults: true });
    renderWithProviders(<RacersTable registrations={[late, scored]} groups={[buildGroup()]} ageCategories={[]} categoryEditable editable {...actions} />);

    await user.click(screen.getByRole('button', { name: 'Mark Jana Horáková as not present' }));
    expect(actions.onPresence).toHaveBeenCalledWith(late, 'NOT_PRESENT');
    await user.click(screen.getByRole('button', { name: 'Remove Jana Horáková' }));
    expect(actions.onRemove).toHaveBeenCalledWith(late);
    expect(screen.queryByTestId('kept-101')).not.toBeInTheDocument();
    // Both stay in their group: moving a racer of a starting order is refused by the server.
    expect(screen.getByRole('combobox', { name: 'Group of Jana Horáková' })).toBeDisabled();

    expect(screen.getByRole('button', { name: 'Mark Petra Nová as not present' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove Petra Nová' })).toBeDisabled();
    expect(screen.getByTestId('kept-102')).toHaveTextContent('Has scores');
    // Explained once above the table, not in every row.
    expect(screen.getByTestId('kept-by-results')).toHaveTextContent(
      "Racers with scores stay in the starting order: “not present” and remove are off for them. To cancel such a place, restart the racer's round on the rounds page first (it erases the scores).",
    );
  });

  it('disables removal after the registration period (spec 5) while presence still changes', async () => {
    const user = userEvent.setup();
    const actions: RacerActions = { onMove: vi.fn(), onPresence: vi.fn(), onNumber: vi.fn(), onRemove: vi.fn(), onCategory: vi.fn() };
    const jana = buildRegistration({ state: 'PRESENT' });
    renderWithProviders(<RacersTable registrations={[jana]} groups={[buildGroup()]} ageCategories={[]} categoryEditable editable removable={false} {...actions} />);
    expect(screen.getByRole('button', { name: 'Remove Jana Horáková' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Mark Jana Horáková as not present' }));
    expect(actions.onPresence).toHaveBeenCalledWith(jana, 'NOT_PRESENT');
  });

  it("shows each racer's age category and lets the admins choose another", async () => {
    const user = userEvent.setup();
    const { actions, jana } = setUp(true, CATEGORIES);
    const category = screen.getByRole('combobox', { name: 'Age category of Jana Horáková' });
    expect(category).toHaveDisplayValue('Youth');
    // Without a category the select says so, and "none" cannot be chosen.
    const none = screen.getByRole('combobox', { name: 'Age category of Petra Nová' });
    expect(none).toHaveDisplayValue('none');
    expect(within(none).getByRole('option', { name: 'none' })).toBeDisabled();
    await user.selectOptions(category, 'Adults');
    expect(actions.onCategory).toHaveBeenCalledWith(jana, 4);
  });

  it("offers only the categories the racer's age fits (the server refused the others)", async () => {
    const user = userEvent.setup();
    const { actions } = setUp(true, CATEGORIES, [3]);
    const category = screen.getByRole('combobox', { name: 'Age category of Jana Horáková' });
    expect(within(category).getByRole('option', { name: 'Adults' })).toBeDisabled();
    expect(within(category).getByRole('option', { name: 'Youth' })).toBeEnabled();
    // A disabled option cannot be picked: nothing is sent.
    await user.selectOptions(category, 'Adults').catch(() => undefined);
    expect(actions.onCategory).not.toHaveBeenCalled();
  });

  it('has no category column for a race without age categories', () => {
    setUp();
    expect(screen.queryByRole('combobox', { name: 'Age category of Jana Horáková' })).not.toBeInTheDocument();
  });

  it('marks a possible duplicate with the registration it repeats', () => {
    const jana = buildRegistration();
    const again = buildRegistration({ id: 105, racerNumber: 5, fullName: 'Jana Horakova', possibleDuplicateOf: 101 });
    const actions: RacerActions = { onMove: vi.fn(), onPresence: vi.fn(), onNumber: vi.fn(), onRemove: vi.fn(), onCategory: vi.fn() };
    renderWithProviders(
      <RacersTable registrations={[jana, again]} groups={[buildGroup()]} ageCategories={[]} categoryEditable editable originalOf={(registration) => (registration.possibleDuplicateOf === 101 ? jana : undefined)} {...actions} />,
    );
    expect(screen.getByTestId('duplicate-105')).toHaveTextContent('Possible duplicate of 1 Jana Horáková');
    expect(screen.queryByTestId('duplicate-101')).not.toBeInTheDocument();
  });

  it("leaves out the number input's 17x14 px arrows on a touch screen, where the keypad types the number", () => {
    const original = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...original(query), matches: query === '(pointer: coarse)' });
    try {
      setUp();
      const number = screen.getByRole('textbox', { name: 'Racer number of Jana Horáková' });
      expect(number.closest('.mantine-NumberInput-root')?.querySelector('.mantine-NumberInput-controls')).toBeNull();
    } finally {
      window.matchMedia = original;
    }
  });

  it('keeps the arrows for a mouse', () => {
    setUp();
    const number = screen.getByRole('textbox', { name: 'Racer number of Jana Horáková' });
    expect(number.closest('.mantine-NumberInput-root')?.querySelector('.mantine-NumberInput-controls')).not.toBeNull();
  });
});
