import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeTestSession, tokenAnswer } from '../../test/session';
import { renderWithProviders } from '../../test/render-with-providers';
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
});
