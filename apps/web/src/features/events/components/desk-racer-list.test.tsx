import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { buildRace, buildRegistration } from '../testing/build-race';
import { DeskRacerList } from './desk-racer-list';

const jana = buildRegistration({ state: 'PRESENT' });
const peter = buildRegistration({
  id: 102,
  racerNumber: 2,
  fullName: 'Peter Novák',
  state: 'PRESENT',
  qualificationGroupName: 'B',
  unregisteredUser: { name: 'Peter', surname: 'Novák', club: 'HK Žilina', sex: 'M', country: 'SVK', birthday: '2001-02-03', email: null },
});
const eva = buildRegistration({ id: 103, racerNumber: 3, fullName: 'Eva Malá', state: 'NOT_PRESENT' });

const renderList = (language: 'sk' | 'en') =>
  renderWithProviders(<DeskRacerList race={buildRace({ state: 'OPEN_REGISTRATION' })} registrations={[jana, peter, eva]} busyId={null} onPresence={vi.fn()} onMove={vi.fn()} />, language);

describe('check-in desk racer list', () => {
  it('says in Slovak who is here in words that fit a woman and a man alike', () => {
    renderList('sk');
    const janaRow = screen.getByTestId('desk-racer-1');
    const peterRow = screen.getByTestId('desk-racer-2');
    expect(within(janaRow).getByText('Je tu')).toBeInTheDocument();
    expect(within(peterRow).getByText('Je tu')).toBeInTheDocument();
    expect(within(screen.getByTestId('desk-racer-3')).getByText('Nie je tu', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(within(janaRow).getByRole('button', { name: 'Nie je tu – označiť: Jana Horáková' })).toHaveTextContent('Nie je tu');
    expect(screen.getByTestId('desk-racers')).not.toHaveTextContent(/prítomný|prítomná/i);
  });

  it('keeps the English presence words', () => {
    renderList('en');
    expect(within(screen.getByTestId('desk-racer-1')).getByText('Present', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(within(screen.getByTestId('desk-racer-3')).getByRole('button', { name: 'Mark Eva Malá present' })).toHaveTextContent('Present');
  });

  it("marks each racer's sex beside the name, so the desk sees one registered with the wrong sex", () => {
    renderList('en');
    expect(screen.getByTestId('sex-102')).toHaveTextContent('Male');
    expect(within(screen.getByTestId('desk-racer-2')).getByTestId('sex-102')).toBeInTheDocument();
  });

  it("names the group in words for a phone's card, where the column heading is out of sight", () => {
    // In the starting order already: the group is said, not offered.
    renderWithProviders(<DeskRacerList race={buildRace({ state: 'QUALIFICATION_ONGOING' })} registrations={[{ ...peter, inQualification: true }]} busyId={null} onPresence={vi.fn()} onMove={vi.fn()} />);
    const group = within(screen.getByTestId('desk-racer-2'));
    expect(group.getByText('Group B')).toBeInTheDocument();
    expect(group.getByText('B', { exact: true })).toBeInTheDocument();
  });

  it('marks a racer not confirmed yet as not present straight away, and offers it to nobody already marked', async () => {
    const user = userEvent.setup();
    const onPresence = vi.fn();
    const unconfirmed = buildRegistration({ id: 104, racerNumber: 4, fullName: 'Oto Nový', state: null });
    const absent = buildRegistration({ id: 105, racerNumber: 5, fullName: 'Ida Stará', state: 'NOT_PRESENT' });
    renderWithProviders(<DeskRacerList race={buildRace({ state: 'OPEN_REGISTRATION' })} registrations={[unconfirmed, absent]} busyId={null} onPresence={onPresence} onMove={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Mark Oto Nový not present' }));
    expect(onPresence).toHaveBeenCalledWith(unconfirmed, 'NOT_PRESENT');
    expect(screen.queryByRole('button', { name: 'Mark Ida Stará not present' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark Ida Stará present' })).toBeEnabled();
  });

  it('undoes a late check-in of a racer without a score; one with a score stays, saying why', async () => {
    const user = userEvent.setup();
    const onPresence = vi.fn();
    const late = buildRegistration({ state: 'PRESENT', inQualification: true, hasResults: false });
    const scored = buildRegistration({ id: 102, racerNumber: 2, fullName: 'Peter Novák', state: 'PRESENT', inQualification: true, hasResults: true });
    renderWithProviders(<DeskRacerList race={buildRace({ state: 'QUALIFICATION_ONGOING' })} registrations={[late, scored]} busyId={null} onPresence={onPresence} onMove={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Mark Jana Horáková not present' }));
    expect(onPresence).toHaveBeenCalledWith(late, 'NOT_PRESENT');
    expect(screen.getByRole('button', { name: 'Mark Peter Novák not present' })).toBeDisabled();
    expect(screen.getByTestId('desk-kept-2')).toHaveTextContent('Has scores: stays in the starting order');
    expect(screen.queryByTestId('desk-kept-1')).not.toBeInTheDocument();
  });
  it('moves a racer not yet climbing to another open group that fits their sex; one in a starting order keeps their group', async () => {
    const user = userEvent.setup();
    const onMove = vi.fn();
    const women = { ...buildRace().qualificationGroups[0]!, id: 13, name: 'Ženy', gender: 'WOMEN' as const, position: 2 };
    const started = { ...buildRace().qualificationGroups[0]!, id: 14, name: 'C', state: 'QUALIFICATION' as const, position: 3 };
    const race = buildRace({ state: 'QUALIFICATION_ONGOING', qualificationGroups: [...buildRace().qualificationGroups, women, started] });
    const climbing = { ...eva, id: 104, racerNumber: 4, fullName: 'Iva Rýchla', inQualification: true };
    renderWithProviders(<DeskRacerList race={race} registrations={[peter, climbing]} busyId={null} onPresence={vi.fn()} onMove={onMove} />);
    const select = screen.getByRole('combobox', { name: /Peter Novák/ });
    // His own group first; no women's group for a man, no group that started.
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Group A', 'Group B']);
    await user.selectOptions(select, 'Group B');
    expect(onMove).toHaveBeenCalledWith(peter, 12);
    expect(screen.queryByRole('combobox', { name: /Iva Rýchla/ })).not.toBeInTheDocument();
  });
});
