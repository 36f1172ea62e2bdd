import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeTestSession, tokenAnswer } from '../../test/session';
import { renderWithProviders } from '../../test/render-with-providers';
import { JudgeLoginCard } from '../../features/scorecard/components/judge-login-card';
import { AccountArea } from './account-area';

/** A judge login's token: no user behind it (GET /api/user refuses), GET /api/token names the event. */
const stubJudgeApi = () => {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/user') return Response.json({ error: { code: 'FORBIDDEN', message: 'no user' } }, { status: 403 });
    if (url === '/api/token/renew') return Response.json(tokenAnswer('judge-csrf'));
    if (url === '/api/token' && method === 'GET') return Response.json({ kind: 'JUDGE_ACCOUNT', userId: null, judgeAccountId: 4, eventId: 12 });
    if (url === '/api/token' && method === 'DELETE') return new Response(null, { status: 204 });
    if (url === '/api/event/12') return Response.json({ id: 12, name: 'Winter Boulder Cup', displayName: null });
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

describe('AccountArea', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('shows a judge login its event and a log-out instead of "Log in"', async () => {
    const fetchMock = stubJudgeApi();
    storeTestSession('judge-csrf');
    renderWithProviders(
      <MemoryRouter>
        <AccountArea />
      </MemoryRouter>,
    );
    const menu = await screen.findByRole('button', { name: 'Judge login: Winter Boulder Cup' });
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    const user = userEvent.setup();
    await user.click(menu);
    expect(await screen.findByText('Judge of Winter Boulder Cup')).toBeInTheDocument();
    await user.click(await screen.findByText('Log out'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/token', expect.objectContaining({ method: 'DELETE' })));
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(window.localStorage.getItem('session')).toBeNull();
  });

  it('ends an account\'s session from the account menu\'s "Log out"', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (url === '/api/user') return Response.json({ id: 7, email: 'eva@example.com', fullName: 'Eva Nová' });
      if (url === '/api/token/renew') return Response.json(tokenAnswer('user-csrf'));
      if (url === '/api/token' && method === 'DELETE') return new Response(null, { status: 204 });
      return new Response(null, { status: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);
    storeTestSession('user-csrf');
    renderWithProviders(
      <MemoryRouter>
        <AccountArea />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu: Eva Nová' }));
    // By its text, as the judge's test above: the dropdown may still be in its opening transition
    // (display: none) when the item is there, and a role query skips hidden elements.
    await user.click(await screen.findByText('Log out'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/token', expect.objectContaining({ method: 'DELETE' })));
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(window.localStorage.getItem('session')).toBeNull();
  });

  it('shows "Log in" to a visitor without asking who the token is', async () => {
    const fetchMock = stubJudgeApi();
    renderWithProviders(
      <MemoryRouter>
        <AccountArea />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/token', expect.anything());
  });

  it('shows the account after the scorecard\'s own login with an account e-mail, not "Log in"', async () => {
    const judgeUser = { id: 9, email: 'rozhodca@example.com', fullName: 'Rastislav Rozhodca', judge: true };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        if (url === '/api/token/create' && method === 'POST') return Response.json(tokenAnswer('user-csrf'));
        if (url === '/api/user') return Response.json(judgeUser);
        if (url === '/api/token') return Response.json({ kind: 'USER', userId: 9, judgeAccountId: null, eventId: null });
        return new Response(null, { status: 404 });
      }),
    );
    renderWithProviders(
      <MemoryRouter initialEntries={['/races/5/scorecard']}>
        <AccountArea />
        <JudgeLoginCard />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Judge login or e-mail' }), 'rozhodca@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Demo12345');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('button', { name: 'Account menu: Rastislav Rozhodca' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it('brings a visitor back to the page after logging in through the header', async () => {
    stubJudgeApi();
    renderWithProviders(
      <MemoryRouter initialEntries={['/races/5/scorecard?stage=FINAL&boulder=2']}>
        <AccountArea />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?redirect=%2Fraces%2F5%2Fscorecard%3Fstage%3DFINAL%26boulder%3D2');
  });
});
