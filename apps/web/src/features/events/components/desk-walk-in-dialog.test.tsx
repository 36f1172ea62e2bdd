import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { buildGroup, buildRace } from '../testing/build-race';
import { DeskWalkInDialog } from './desk-walk-in-dialog';

const race = buildRace({ id: 7, name: 'Open', raceGender: 'MIXED', qualificationGroups: [] });

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
    if (url.endsWith('/api/organization/3/member')) return Response.json([member(1, 'Adam Already'), member(2, 'Boris Walkin'), member(3, 'Cyril Nosex', null), member(4, 'Dana Walkin', 'F')]);
    if (url.endsWith('/api/race-registration/race/7')) return Response.json([registration(1, 'Adam Already')]);
    if (url.endsWith('/api/race-registration/7/register-member')) {
      return Response.json({ error: { code: 'RACE_FULL', message: 'The race is full.' } }, { status: 409 });
    }
    return Response.json({ error: { code: 'REQUEST_NOT_FOUND', message: 'not found' } }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The texts of the options of an opened select (every select's list stays in the page under test). */
const optionsOf = (combobox: HTMLElement): (string | null)[] => {
  const list = document.getElementById(combobox.getAttribute('aria-controls') ?? '');
  if (!list) throw new Error('the select is not open');
  return within(list)
    .getAllByRole('option', { hidden: true })
    .map((option) => option.textContent);
};

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

  it("offers only Male in a men's race, preselected, and sends it without a pick", async () => {
    const fetchMock = stubServer();
    const user = userEvent.setup();
    const mens = buildRace({ id: 7, name: 'Men open', raceGender: 'MEN', qualificationGroups: [buildGroup({ id: 11, name: 'A', gender: 'MEN' })] });
    renderWithProviders(<DeskWalkInDialog race={mens} organizationId={3} opened onClose={() => undefined} onRegistered={async () => undefined} />);
    const dialog = await screen.findByRole('dialog');
    const sex = within(dialog).getByRole('combobox', { name: /^Sex/ });
    expect(sex).toHaveValue('Male');
    expect(within(dialog).getByText('The race is for men only.')).toBeInTheDocument();
    await user.click(sex);
    expect(optionsOf(sex)).toEqual(['Male']);
    await user.keyboard('{Escape}');

    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Peter');
    await user.type(within(dialog).getByRole('textbox', { name: /^Surname/ }), 'Skalný');
    await user.type(within(dialog).getByRole('textbox', { name: /^Birthday/ }), '2001-03-04');
    await user.click(within(dialog).getByRole('button', { name: 'Register and check in' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/race-registration/7/register-unregistered-user/', expect.anything()));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/register-unregistered-user/')) as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ name: 'Peter', surname: 'Skalný', sex: 'M', birthday: '2001-03-04', present: true });
  });

  it("offers only Female in a women's race", async () => {
    stubServer();
    const user = userEvent.setup();
    renderWithProviders(<DeskWalkInDialog race={buildRace({ raceGender: 'WOMEN', qualificationGroups: [] })} organizationId={3} opened onClose={() => undefined} onRegistered={async () => undefined} />);
    const dialog = await screen.findByRole('dialog');
    const sex = within(dialog).getByRole('combobox', { name: /^Sex/ });
    expect(sex).toHaveValue('Female');
    await user.click(sex);
    expect(optionsOf(sex)).toEqual(['Female']);
  });

  it('lets the desk pick either sex in a mixed race, and offers only the groups of the picked one', async () => {
    stubServer();
    const user = userEvent.setup();
    const mixed = buildRace({
      raceGender: 'MIXED',
      qualificationGroups: [buildGroup({ id: 11, name: 'W', gender: 'WOMEN' }), buildGroup({ id: 12, name: 'M', gender: 'MEN', state: 'QUALIFICATION' })],
    });
    renderWithProviders(<DeskWalkInDialog race={mixed} organizationId={3} opened onClose={() => undefined} onRegistered={async () => undefined} />);
    const dialog = await screen.findByRole('dialog');
    const sex = within(dialog).getByRole('combobox', { name: /^Sex/ });
    expect(sex).toHaveValue('');
    await user.click(sex);
    expect(optionsOf(sex)).toEqual(['Female', 'Male']);
    await user.click(screen.getByRole('option', { name: 'Female', hidden: true }));
    const group = within(dialog).getByRole('combobox', { name: 'Qualification group' });
    await user.click(group);
    expect(optionsOf(group)).toEqual(['Group W']);
    await user.click(screen.getByRole('option', { name: 'Group W', hidden: true }));
    expect(group).toHaveValue('Group W');
    // Another sex: the women's group chosen before goes, the men's running group is offered.
    await user.click(sex);
    await user.click(screen.getByRole('option', { name: 'Male', hidden: true }));
    expect(group).toHaveValue('');
    await user.click(group);
    expect(optionsOf(group)).toEqual([expect.stringMatching(/^Group M \(in qualification/)]);
  });

  it("lists members of another sex in a men's race but does not let them be picked", async () => {
    stubServer();
    const user = userEvent.setup();
    renderWithProviders(<DeskWalkInDialog race={buildRace({ raceGender: 'MEN', qualificationGroups: [] })} organizationId={3} opened onClose={() => undefined} onRegistered={async () => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByText('Member', { exact: true }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Member of the organisation' }));
    const dana = await screen.findByRole('option', { name: 'Dana Walkin (sex does not fit this race)', hidden: true });
    expect(dana).toHaveAttribute('data-combobox-disabled', 'true');
    expect(screen.getByRole('option', { name: 'Boris Walkin', hidden: true })).not.toHaveAttribute('data-combobox-disabled');
    // A member without a sex in the profile stays pickable: the profile gaps say what is missing.
    expect(screen.getByRole('option', { name: 'Cyril Nosex', hidden: true })).not.toHaveAttribute('data-combobox-disabled');
  });
});
