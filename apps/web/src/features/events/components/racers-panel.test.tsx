import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { buildRace, buildRegistration } from '../testing/build-race';
import { RacersPanel } from './racers-panel';

const MEMBERS = [
  { userId: 21, state: 'ACTIVE', blocked: false, user: { fullName: 'Eva Malá', sex: 'F', birthYear: 2008 } },
  { userId: 22, state: 'ACTIVE', blocked: false, user: { fullName: 'Ivan Veľký', sex: null, birthYear: 2007 } },
  { userId: 23, state: 'ACTIVE', blocked: false, user: { fullName: 'Oto Bez', sex: 'M', birthYear: null } },
];

/** Opens the member picker and picks one by name. */
const pickMember = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  const picker = await screen.findByRole('combobox', { name: 'Add a member of the organisation' });
  await user.click(picker);
  await waitFor(() => expect(picker).toHaveAttribute('aria-controls'));
  const listbox = document.getElementById(picker.getAttribute('aria-controls')!)!;
  await user.click(within(listbox).getByRole('option', { name, hidden: true }));
};

/** The server: Eva can be registered; Ivan's registration is refused once the test lets it answer. */
const stubApi = () => {
  let refuse: () => void = () => undefined;
  const refused = new Promise<void>((resolve) => {
    refuse = resolve;
  });
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (url === '/api/race-registration/race/7') return Response.json([]);
      if (url === '/api/organization/5/member') return Response.json(MEMBERS);
      if (url === '/api/race-registration/7/register-member' && method === 'POST') {
        const { userId } = JSON.parse(String(init?.body)) as { userId: number };
        if (userId === 21) return Response.json(buildRegistration({ fullName: 'Eva Malá' }));
        await refused;
        return Response.json({ error: { code: 'RACER_PROFILE_INCOMPLETE', message: 'no sex' } }, { status: 400 });
      }
      return new Response(null, { status: 404 });
    });
  vi.stubGlobal('fetch', fetchMock);
  const registrationLoads = () => fetchMock.mock.calls.filter(([url]) => url === '/api/race-registration/race/7').length;
  return { refuse, registrationLoads };
};

describe('racers panel: adding a member', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('clears the last outcome when the next member is sent, keeps a refused member picked and shows the error in place of the success', async () => {
    const { refuse, registrationLoads } = stubApi();
    renderWithProviders(<RacersPanel race={buildRace()} organizationId={5} />);
    const user = userEvent.setup();
    const picker = await screen.findByRole('combobox', { name: 'Add a member of the organisation' });
    const pick = (name: string) => pickMember(user, name);

    await pick('Eva Malá');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('The member was registered.')).toBeInTheDocument();
    await waitFor(() => expect(picker).toHaveValue(''));

    await pick('Ivan Veľký');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    // At once, while the server thinks: the success of the member before is not this one's.
    expect(screen.queryByText('The member was registered.')).not.toBeInTheDocument();

    refuse();
    expect(await screen.findByText('The racer profile lacks the sex or the birthday this race needs.')).toBeInTheDocument();
    expect(screen.queryByText('The member was registered.')).not.toBeInTheDocument();
    // Once the list is reloaded after the refusal, the refused member stays picked, to be sent again once the profile is fixed.
    await waitFor(() => expect(registrationLoads()).toBe(3));
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(picker).toHaveValue('Ivan Veľký');
  });
});

describe('racers panel: what a member\'s profile lacks for the race', () => {
  afterEach(() => vi.unstubAllGlobals());

  const withCategories = buildRace({ ageCategories: [{ id: 3, name: 'U18', fromAge: 14, toAge: 17 }] });

  it('says before sending that the picked member lacks the sex, and with age categories the birthday; sending stays possible', async () => {
    stubApi();
    renderWithProviders(<RacersPanel race={withCategories} organizationId={5} />);
    const user = userEvent.setup();
    await pickMember(user, 'Ivan Veľký');
    const gaps = await screen.findByTestId('member-profile-gaps');
    expect(gaps).toHaveTextContent('Incomplete profile: Ivan Veľký');
    expect(within(gaps).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['sex']);
    expect(gaps).toHaveTextContent('The registration will be refused until the member adds it to their profile (only they can edit it).');
    expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();

    await pickMember(user, 'Oto Bez');
    await waitFor(() => expect(screen.getByTestId('member-profile-gaps')).toHaveTextContent('Incomplete profile: Oto Bez'));
    expect(within(screen.getByTestId('member-profile-gaps')).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['birthday (the race has age categories)']);

    await pickMember(user, 'Eva Malá');
    await waitFor(() => expect(screen.queryByTestId('member-profile-gaps')).not.toBeInTheDocument());
  });

  it('does not ask for the birthday when the race has no age categories', async () => {
    stubApi();
    renderWithProviders(<RacersPanel race={buildRace()} organizationId={5} />);
    const user = userEvent.setup();
    await pickMember(user, 'Oto Bez');
    expect(screen.getByRole('combobox', { name: 'Add a member of the organisation' })).toHaveValue('Oto Bez');
    expect(screen.queryByTestId('member-profile-gaps')).not.toBeInTheDocument();
  });

  it('says it in Slovak too', async () => {
    stubApi();
    renderWithProviders(<RacersPanel race={withCategories} organizationId={5} />, 'sk');
    const user = userEvent.setup();
    const picker = await screen.findByRole('combobox', { name: 'Pridať člena organizácie' });
    await user.click(picker);
    await waitFor(() => expect(picker).toHaveAttribute('aria-controls'));
    await user.click(within(document.getElementById(picker.getAttribute('aria-controls')!)!).getByRole('option', { name: 'Oto Bez', hidden: true }));
    const gaps = await screen.findByTestId('member-profile-gaps');
    expect(gaps).toHaveTextContent('Neúplný profil: Oto Bez');
    expect(gaps).toHaveTextContent('dátum narodenia (preteky majú vekové kategórie)');
  });
});

describe('racers panel: numbering every racer anew', () => {
  afterEach(() => vi.unstubAllGlobals());

  const withRegistrations = () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/race-registration/race/7') return Response.json([buildRegistration({ id: 1, fullName: 'Eva Malá' }), buildRegistration({ id: 2, fullName: 'Ivan Veľký' })]);
      if (url === '/api/organization/5/member') return Response.json(MEMBERS);
      if (url === '/api/race-registration/race/7/regenerate-racer-numbers' && init?.method === 'POST') return Response.json([]);
      return new Response(null, { status: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);
    return () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/regenerate-racer-numbers'));
  };

  it('asks first, saying how many racers get new numbers and that printed bibs will not match', async () => {
    const renumbered = withRegistrations();
    renderWithProviders(<RacersPanel race={buildRace({ state: 'QUALIFICATION' })} organizationId={5} />);
    const user = userEvent.setup();
    await screen.findAllByText('Eva Malá');
    await user.click(screen.getByRole('button', { name: 'Renumber racers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renumber racers' });
    expect(dialog).toHaveTextContent('Number all 2 racers anew from 1 in the order of registration? Bibs and lists printed with the old numbers will no longer match.');
    expect(renumbered()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Renumber racers' }));
    await waitFor(() => expect(renumbered()).toHaveLength(1));
    expect(JSON.parse(String(renumbered()[0]![1]?.body))).toEqual({ offset: 1 });
  });

  it('is not offered once the qualification has started (judges find racers by number)', async () => {
    withRegistrations();
    renderWithProviders(<RacersPanel race={buildRace({ state: 'QUALIFICATION_ONGOING' })} organizationId={5} />);
    await screen.findAllByText('Eva Malá');
    expect(screen.queryByRole('button', { name: 'Renumber racers' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Add a member of the organisation' })).toBeInTheDocument();
  });
});

describe('racers panel: race day, after the registration period', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says why nobody can be removed, and undoing a late check-in says the racer left the starting order', async () => {
    const late = buildRegistration({ id: 1, fullName: 'Eva Malá', state: 'PRESENT', inQualification: true, hasResults: false });
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        if (url === '/api/race-registration/race/7') return Response.json([late]);
        if (url === '/api/organization/5/member') return Response.json(MEMBERS);
        if (url === '/api/race-registration/1/NOT_PRESENT') return Response.json({ ...late, state: 'NOT_PRESENT', inQualification: false });
        return new Response(null, { status: 404 });
      }),
    );
    renderWithProviders(<RacersPanel race={buildRace({ state: 'QUALIFICATION_ONGOING', closingRegistrationDate: '2020-05-10' })} organizationId={5} />);
    const user = userEvent.setup();
    expect(await screen.findByTestId('remove-after-period')).toHaveTextContent(
      'The registration period ended on May 10, 2020, so registrations can no longer be removed. Mark a racer who does not come as not present.',
    );
    expect(screen.getByRole('button', { name: 'Remove Eva Malá' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Mark Eva Malá as not present' }));
    expect(await screen.findByText('Eva Malá is marked not present and taken out of the starting order.')).toBeInTheDocument();
    expect(calls).toContain('PUT /api/race-registration/1/NOT_PRESENT');
  });
});
