import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { AcceptInvitationPage } from './accept-invitation-page';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const info = { email: 'new@example.com', organizationId: 7, organizationName: 'Boulder Club', userId: null, userExists: false, expiresAt: '2030-01-01T00:00:00Z' };

const renderPage = (token = 'abc') =>
  renderWithProviders(
    <MemoryRouter initialEntries={[`/invitation/accept?token=${token}`]}>
      <Routes>
        <Route path="/invitation/accept" element={<AcceptInvitationPage />} />
        <Route path="/login" element={<p>login page</p>} />
      </Routes>
    </MemoryRouter>,
  );

describe('AcceptInvitationPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the invitation and creates the member account from the entered details', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).startsWith('/api/invitation?token=abc')) return json(200, info);
      if (String(input) === '/api/invitation/accept' && init?.method === 'POST') return json(200, { organizationId: 7, userId: 3, accountCreated: true });
      return json(404, {});
    });
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    expect(await screen.findByText('You have been invited to the organization Boulder Club as new@example.com.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create the account and join' }));
    expect(await screen.findAllByText('This value must not be empty.')).not.toHaveLength(0);

    await user.type(screen.getByLabelText(/^Name/, { selector: 'input' }), 'Nina');
    await user.type(screen.getByLabelText(/^Surname/, { selector: 'input' }), 'Nová');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Climb1234');
    await user.type(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), 'Climb1234');
    await user.click(screen.getByRole('button', { name: 'Create the account and join' }));

    expect(await screen.findByText('login page')).toBeInTheDocument();
    const accept = fetchMock.mock.calls.find(([input]) => String(input) === '/api/invitation/accept');
    expect(JSON.parse(String(accept?.[1]?.body))).toMatchObject({ token: 'abc', organizationId: 7, name: 'Nina', surname: 'Nová', password: 'Climb1234', language: 'EN' });
  });

  it('explains an invalid or used link with the catalogue message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(400, { error: { code: 'INVITATION_TOKEN_INVALID', message: 'x' } })));
    renderPage('used');
    await waitFor(() => expect(screen.getByText(/invitation token is not valid|ask the organization/i)).toBeInTheDocument());
  });
});
