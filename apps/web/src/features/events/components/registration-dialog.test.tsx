import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { unregisteredRegistrationSchema } from '../schemas/registration-schema';
import { buildRace, buildRegistration } from '../testing/build-race';
import { RegistrationDialog } from './registration-dialog';

describe('one-time registration form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('requires name, surname, sex and birthday; rejects a future birthday and a bad e-mail', () => {
    const result = unregisteredRegistrationSchema.safeParse({ name: '', surname: '', email: 'nope', club: '', sex: null, birthday: '2999-01-01', country: null, qualificationGroupId: null });
    expect(result.success).toBe(false);
    const problems = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(problems).toMatchObject({ name: 'validation.notEmpty', surname: 'validation.notEmpty', sex: 'validation.required', birthday: 'validation.invalidDate', email: 'validation.invalidEmail' });
  });

  it('accepts a complete visitor', () => {
    const result = unregisteredRegistrationSchema.safeParse({ name: 'Jana', surname: 'Horáková', email: '', club: 'BCB', sex: 'F', birthday: '2004-05-06', country: 'SVK', qualificationGroupId: null });
    expect(result.success).toBe(true);
  });

  it('shows the errors under the inputs and only then the confirmation step', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('[]', { status: 200 })));
    const user = userEvent.setup();
    renderWithProviders(
      <MemoryRouter>
        <RegistrationDialog race={buildRace()} user={null} allowedUnregisteredUsers onClose={() => undefined} />
      </MemoryRouter>,
    );
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    for (const name of [/^Name/, /^Surname/, /^Birthday/]) expect(screen.getByRole('textbox', { name })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('combobox', { name: /^Sex/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('button', { name: 'Confirm registration' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Jana');
    await user.type(screen.getByRole('textbox', { name: /^Surname/ }), 'Horáková');
    await user.click(screen.getByRole('combobox', { name: /^Sex/ }));
    await user.click(await screen.findByRole('option', { name: 'Female', hidden: true }));
    await user.type(screen.getByRole('textbox', { name: /^Birthday/ }), '2004-05-06');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Racer: Jana Horáková')).toBeInTheDocument();
    // Said back before sending: a wrong sex would rank her with the men.
    expect(screen.getByText('Sex: Female (women and men are ranked by it)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm registration' })).toBeInTheDocument();
    // About 3 s of typing alone; on a busy machine it passed the default 5 s (also before issue 9).
  }, 15_000);

  it("offers a men's race only men, chosen already, and says why", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('[]', { status: 200 })));
    const user = userEvent.setup();
    renderWithProviders(
      <MemoryRouter>
        <RegistrationDialog race={buildRace({ raceGender: 'MEN' })} user={null} allowedUnregisteredUsers onClose={() => undefined} />
      </MemoryRouter>,
    );
    const sex = await screen.findByRole('combobox', { name: /^Sex/ });
    expect(sex).toHaveValue('Male');
    expect(screen.getByText('The race is for men only.')).toBeInTheDocument();
    await user.click(sex);
    expect(await screen.findByRole('option', { name: 'Male', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Female', hidden: true })).not.toBeInTheDocument();
  });

  it('tells a visitor to log in when the event takes account holders only', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('[]', { status: 200 })));
    renderWithProviders(
      <MemoryRouter>
        <RegistrationDialog race={buildRace()} user={null} allowedUnregisteredUsers={false} onClose={() => undefined} />
      </MemoryRouter>,
    );
    expect(await screen.findByText(/takes registrations of account holders only/)).toBeInTheDocument();
  });

  const account = { id: 31, email: 'lucia@example.com', fullName: 'Lucia Kráľová', sex: null, birthday: null, orgAdmin: false, superAdmin: false, judge: false, coach: false };
  const U16 = { id: 4, name: 'U16', fromAge: 14, toAge: 15 };

  it('says before Confirm what the profile lacks for the race, offers the profile returning to this registration, and keeps Confirm disabled', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => Response.json([]));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(
      <MemoryRouter>
        <RegistrationDialog race={buildRace({ ageCategories: [U16] })} user={account} allowedUnregisteredUsers={false} onClose={() => undefined} />
      </MemoryRouter>,
    );
    const gaps = await screen.findByTestId('registration-profile-gaps');
    expect(within(gaps).getByText('Complete your profile before registering')).toBeInTheDocument();
    expect(within(gaps).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['your sex', 'your birthday (the race has age categories)']);
    expect(within(gaps).getByRole('link', { name: 'Complete my profile' })).toHaveAttribute('href', '/profile?redirect=%2Fevents%2F3%3Fregister%3D7');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('button', { name: 'Confirm registration' });
    expect(confirm).toBeDisabled();
    expect(screen.getByTestId('registration-profile-gaps')).toBeInTheDocument();
    await user.click(confirm);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('asks only for what the race needs: no birthday without age categories, nothing of a complete profile', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json([])));
    const { unmount } = renderWithProviders(
      <MemoryRouter>
        <RegistrationDialog race={buildRace()} user={{ ...account, sex: 'F' }} allowedUnregisteredUsers={false} onClose={() => undefined} />
      </MemoryRouter>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('button', { name: 'Confirm registration' })).toBeEnabled();
    expect(screen.queryByTestId('registration-profile-gaps')).not.toBeInTheDocument();
    unmount();

    renderWithProviders(
      <MemoryRouter>
        <RegistrationDialog race={buildRace({ ageCategories: [U16] })} user={{ ...account, sex: 'F' }} allowedUnregisteredUsers={false} onClose={() => undefined} />
      </MemoryRouter>,
    );
    expect(within(await screen.findByTestId('registration-profile-gaps')).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['your birthday (the race has age categories)']);
  });

  /** The dialog of an account whose profile the page holds as complete, through Continue and Confirm. */
  const confirmAsCompleteAccount = async (user: ReturnType<typeof userEvent.setup>) => {
    renderWithProviders(
      <MemoryRouter>
        <RegistrationDialog race={buildRace()} user={{ ...account, sex: 'F', birthday: '2004-05-06' }} allowedUnregisteredUsers={false} onClose={() => undefined} />
      </MemoryRouter>,
    );
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm registration' }));
  };

  it('says it in Slovak', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json([])));
    renderWithProviders(
      <MemoryRouter>
        <RegistrationDialog race={buildRace({ ageCategories: [U16] })} user={account} allowedUnregisteredUsers={false} onClose={() => undefined} />
      </MemoryRouter>,
      'sk',
    );
    const gaps = await screen.findByTestId('registration-profile-gaps');
    expect(within(gaps).getByText('Pred registráciou doplňte profil')).toBeInTheDocument();
    expect(within(gaps).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['pohlavie', 'dátum narodenia (preteky majú vekové kategórie)']);
    expect(within(gaps).getByRole('link', { name: 'Doplniť profil' })).toBeInTheDocument();
  });

  it('still shows the server\'s refusal with the way to the profile when the account it knows lacks sex or birthday', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/race-registration/7/user' && init?.method === 'POST') {
          return Response.json({ error: { code: 'RACER_PROFILE_INCOMPLETE', message: 'no sex', fields: { sex: 'validation.required' } } }, { status: 400 });
        }
        return Response.json([]);
      }),
    );
    const user = userEvent.setup();
    // The page's copy of the account says complete (changed elsewhere since): the server decides.
    await confirmAsCompleteAccount(user);
    expect(await screen.findByText('The racer profile lacks the sex or the birthday this race needs.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Complete my profile' })).toHaveAttribute('href', '/profile?redirect=%2Fevents%2F3%3Fregister%3D7');
  });

  const registered = (overrides: Parameters<typeof buildRegistration>[0]) =>
    vi.fn(async (url: string, init?: RequestInit) => (init?.method === 'POST' && url.startsWith('/api/race-registration/7') ? Response.json(buildRegistration({ racerNumber: 42, checkInCode: 'K7-42-ABCD', ...overrides }), { status: 201 }) : Response.json([])));

  it('shows the check-in code and its QR code once registered, and says where else the racer finds it', async () => {
    vi.stubGlobal('fetch', registered({ unregisteredUser: null }));
    const user = userEvent.setup();
    await confirmAsCompleteAccount(user);
    expect(await screen.findByTestId('registration-check-in-code')).toHaveTextContent('K7-42-ABCD');
    expect(screen.getByRole('img', { name: 'QR code of racer number 42' })).toBeInTheDocument();
    expect(screen.getByText(/also find it on your board/)).toBeInTheDocument();
  });

  it('tells a racer without an account or e-mail that the code is nowhere else, in Slovak too', async () => {
    const visitor = { name: 'Jana', surname: 'Horáková', club: null, sex: 'F' as const, country: null, birthday: '2004-05-06', email: null };
    vi.stubGlobal('fetch', registered({ unregisteredUser: visitor, user: null }));
    const user = userEvent.setup();
    renderWithProviders(
      <MemoryRouter>
        <RegistrationDialog race={buildRace()} user={null} allowedUnregisteredUsers onClose={() => undefined} />
      </MemoryRouter>,
      'sk',
    );
    await user.type(await screen.findByRole('textbox', { name: /^Meno/ }), 'Jana');
    await user.type(screen.getByRole('textbox', { name: /^Priezvisko/ }), 'Horáková');
    await user.click(screen.getByRole('combobox', { name: /^Pohlavie/ }));
    await user.click(await screen.findByRole('option', { name: 'Žena', hidden: true }));
    await user.type(screen.getByRole('textbox', { name: /^Dátum narodenia/ }), '6.5.2004');
    await user.click(screen.getByRole('button', { name: 'Pokračovať' }));
    await user.click(await screen.findByRole('button', { name: 'Potvrdiť registráciu' }));
    expect(await screen.findByTestId('registration-check-in-code')).toHaveTextContent('K7-42-ABCD');
    expect(screen.getByText(/urobte si snímku obrazovky alebo si kód zapíšte/)).toBeInTheDocument();
  }, 15_000);
});

