import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import type { Race } from '../api/race';
import { DeskWalkInDialog } from './desk-walk-in-dialog';

const race = { id: 7, name: 'Men open', qualificationGroups: [], ageCategories: [] } as unknown as Race;

const registration = (userId: number, fullName: string) => ({
  id: userId * 10,
  raceId: 7,
  state: 'PRESENT',
  racerNumber: userId,
  date: '2026-11-27',
  qualificationGroupId: null,
  qualificationGroupName: null,
  fullName,
  inQualification: false,
  user: { id: userId, sex: 'M', birthYear: 2000, country: null, club: null },
  unregisteredUser: null,
});

const member = (userId: number, fullName: string, sex: 'M' | 'F' | null = 'M') => ({ userId, state: 'ACTIVE', blocked: false, user: { fullName, sex, birthYear: 1990 } });

function stubServer() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith('/api/organization/3/member')) return Response.json([member(1, 'Adam Already'), member(2, 'Boris Walkin'), member(3, 'Cyril Nosex', null)]);
    if (url.endsWith('/api/race-registration/race/7')) return Response.json([registration(1, 'Adam Already')]);
    if (url.endsWith('/api/race-registration/7/register-member')) {
      return Response.json({ error: { code: 'RACE_FULL', message: 'The race is full.' } }, { status: 409 });
    }
    return Response.json({ error: { code: 'REQUEST_NOT_FOUND', message: 'not found' } }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('DeskWalkInDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers only the members not yet registered, and keeps a refusal in the dialog until the next try', async () => {
    stubServer();
    const user = userEvent.setup();
    renderWithProviders(<DeskWalkInDialog race={race} organizationId={3} opened onClose={() => undefined} onRegistered={async () => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByText('Member', { exact: true }));
    const picker = within(dialog).getByRole('combobox', { name: 'Member of the organisation' });
    await user.click(picker);
    await waitFor(() => expect(screen.getByRole('option', { name: 'Boris Walkin', hidden: true })).toBeInTheDocument());
    expect(screen.queryByRole('option', { name: 'Adam Already', hidden: true })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Boris Walkin', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Register and check in' }));
    expect(await within(dialog).findByTestId('walk-in-failure')).toHaveTextContent('The race is full.');
    await user.click(within(dialog).getByText('One-time racer', { exact: true }));
    expect(within(dialog).queryByTestId('walk-in-failure')).not.toBeInTheDocument();
  });

  it('says before sending what the picked member\'s profile lacks for the race', async () => {
    stubServer();
    const user = userEvent.setup();
    renderWithProviders(<DeskWalkInDialog race={race} organizationId={3} opened onClose={() => undefined} onRegistered={async () => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByText('Member', { exact: true }));
    const picker = within(dialog).getByRole('combobox', { name: 'Member of the organisation' });
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Boris Walkin', hidden: true }));
    expect(within(dialog).queryByTestId('member-profile-gaps')).not.toBeInTheDocument();
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Cyril Nosex', hidden: true }));
    const gaps = await within(dialog).findByTestId('member-profile-gaps');
    expect(gaps).toHaveTextContent('Incomplete profile: Cyril Nosex');
    expect(within(gaps).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['sex']);
  });
});
