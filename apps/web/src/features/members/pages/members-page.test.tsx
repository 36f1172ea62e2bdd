import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { MembersPage } from './members-page';

const member = {
  id: 1,
  userId: 5,
  organizationId: 7,
  user: { id: 5, name: 'Mark', surname: 'Member', fullName: 'Mark Member', birthYear: 1990, sex: 'M', club: 'HK Tatry', country: 'SVK', profilePhoto: null, active: true, contactShared: false, email: null, phoneNumber: null },
  state: 'ACTIVE',
  orgAdmin: false,
  judge: false,
  coach: true,
  blocked: false,
  passwordPending: false,
};

describe('MembersPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the members with their roles and blocks one', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/organization/7/member/5/block' && init?.method === 'POST') return new Response(JSON.stringify({ ...member, blocked: true }), { status: 200 });
      return new Response(JSON.stringify([member]), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <MemoryRouter initialEntries={['/admin/organization/7/members']}>
        <Routes>
          <Route path="/admin/organization/:organizationId/members" element={<MembersPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('Mark Member')).toBeInTheDocument();
    expect(screen.getByText('HK Tatry · 1990 · SVK')).toBeInTheDocument();
    expect(screen.getByText('not shared')).toBeInTheDocument();
    // In the roles column, and again under the name for phones, where that column gives way (CSS).
    expect(screen.getAllByText('Coach')).toHaveLength(2);
    expect(screen.getAllByText('Coach')[0]!.closest('.mantine-hidden-from-sm')).not.toBeNull();
    expect(screen.getByText('1 member')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Actions: Mark Member' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([input, init]) => String(input) === '/api/organization/7/member/5/block' && init?.method === 'POST')).toBe(true));
    expect(await screen.findByText('Mark Member has been blocked.')).toBeInTheDocument();
  });

  const renderPending = (answer: () => Response) => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/organization/7/member/5/password-link' && init?.method === 'POST') return answer();
      return new Response(JSON.stringify([{ ...member, passwordPending: true }]), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <MemoryRouter initialEntries={['/admin/organization/7/members']}>
        <Routes>
          <Route path="/admin/organization/:organizationId/members" element={<MembersPage />} />
        </Routes>
      </MemoryRouter>,
    );
    return fetchMock;
  };

  it('sends the set-password link again to a member without a password', async () => {
    const fetchMock = renderPending(() => new Response(null, { status: 204 }));
    expect(await screen.findAllByText('No password yet')).toHaveLength(2);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Actions: Mark Member' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Send password link again' }));
    expect(await screen.findByText('A new link to set the password has been e-mailed to Mark Member.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/password-link'))).toHaveLength(1);
  });

  it('says the limit when too many links were sent', async () => {
    renderPending(() => new Response(JSON.stringify({ error: { code: 'SET_PASSWORD_LINK_RATE_LIMITED', message: 'limited' } }), { status: 429 }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions: Mark Member' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Send password link again' }));
    expect(await screen.findByText('At most 3 password links can be sent to one member per hour. Try again later.')).toBeInTheDocument();
  });

  it('offers no password link to a member who has a password', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify([member]), { status: 200 })));
    renderWithProviders(
      <MemoryRouter initialEntries={['/admin/organization/7/members']}>
        <Routes>
          <Route path="/admin/organization/:organizationId/members" element={<MembersPage />} />
        </Routes>
      </MemoryRouter>,
    );
    await screen.findByText('Mark Member');
    expect(screen.queryAllByText('No password yet')).toHaveLength(0);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Actions: Mark Member' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit roles' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Send password link again' })).not.toBeInTheDocument();
  });

  it('adds an existing user picked from the non-members search with the chosen roles', async () => {
    const nina = { id: 9, name: 'Nina', surname: 'Newcomer', fullName: 'Nina Newcomer' };
    const offered = { ...member.user, ...nina, birthYear: null, sex: null, club: null, country: null };
    const searches: string[] = [];
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.startsWith('/api/user/non-members?')) {
        searches.push(url);
        return new Response(JSON.stringify(url.includes('queryParameter=') ? [nina] : []), { status: 200 });
      }
      if (url === '/api/organization/7/member' && init?.method === 'POST') {
        return new Response(JSON.stringify({ ...member, id: 2, userId: 9, user: offered, state: 'INVITED', coach: true }), { status: 201 });
      }
      return new Response(JSON.stringify([member]), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <MemoryRouter initialEntries={['/admin/organization/7/members']}>
        <Routes>
          <Route path="/admin/organization/:organizationId/members" element={<MembersPage />} />
        </Routes>
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await screen.findByText('Mark Member');
    await user.click(screen.getByRole('button', { name: 'Add a member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a member' });
    expect(within(dialog).getByRole('radio', { name: 'Existing account' })).toBeChecked();

    // Without a pick the form refuses to send.
    await user.click(within(dialog).getByRole('button', { name: 'Add the member' }));
    expect(await within(dialog).findByText('This value must be filled.')).toBeInTheDocument();

    // Two letters are not a search yet: the server is not asked.
    await user.type(within(dialog).getByRole('combobox', { name: /^User/ }), 'ni');
    expect(await screen.findByText('Type at least 3 characters.')).toBeInTheDocument();
    expect(searches).toEqual([]);
    await user.type(within(dialog).getByRole('combobox', { name: /^User/ }), 'na');
    await user.click(await screen.findByRole('option', { name: 'Nina Newcomer', hidden: true }));
    expect(searches.some((url) => url === '/api/user/non-members?organizationId=7&queryParameter=nina')).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Coach' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add the member' }));

    await waitFor(() => expect(fetchMock.mock.calls.some(([input, init]) => String(input) === '/api/organization/7/member' && init?.method === 'POST')).toBe(true));
    const post = fetchMock.mock.calls.find(([input, init]) => String(input) === '/api/organization/7/member' && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ userId: 9, orgAdmin: false, coach: true, judge: false });
    expect(await screen.findByText('Nina Newcomer has been offered the membership and becomes a member after accepting it.')).toBeInTheDocument();
  });

  it('shows the catalogue message when the user is already a member', async () => {
    const nina = { id: 9, name: 'Nina', surname: 'Newcomer', fullName: 'Nina Newcomer' };
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.startsWith('/api/user/non-members?')) return new Response(JSON.stringify([nina]), { status: 200 });
      if (url === '/api/organization/7/member' && init?.method === 'POST') {
        return new Response(JSON.stringify({ error: { code: 'MEMBER_ALREADY_EXISTS', message: 'exists' } }), { status: 409 });
      }
      return new Response(JSON.stringify([member]), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <MemoryRouter initialEntries={['/admin/organization/7/members']}>
        <Routes>
          <Route path="/admin/organization/:organizationId/members" element={<MembersPage />} />
        </Routes>
      </MemoryRouter>,
      'sk',
    );
    const user = userEvent.setup();
    await screen.findByText('Mark Member');
    await user.click(screen.getByRole('button', { name: 'Pridať člena' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('combobox', { name: /^Používateľ/ }), 'Nin');
    await user.click(await screen.findByRole('option', { name: 'Nina Newcomer', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Pridať člena' }));
    expect(await screen.findByText('Používateľ je už členom organizácie.')).toBeInTheDocument();
  });
});
