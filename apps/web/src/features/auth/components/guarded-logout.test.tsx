import { Menu } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storedCsrfToken, storeTestSession } from '../../../test/session';
import { renderWithProviders } from '../../../test/render-with-providers';
import { useScoreQueue } from '../../scorecard/sync/score-queue';
import { useGuardedLogout } from './guarded-logout';

/** A menu as the account and judge menus use the hook: its item in the dropdown, its dialog beside. */
function LogoutMenu() {
  const logout = useGuardedLogout();
  return (
    <>
      <Menu>
        <Menu.Target>
          <button type="button">Menu</button>
        </Menu.Target>
        <Menu.Dropdown>{logout.item}</Menu.Dropdown>
      </Menu>
      {logout.dialog}
    </>
  );
}

/** Two taps of a judge on this phone, which the server never answers. */
function TwoWaitingEntries() {
  const queue = useScoreQueue();
  useEffect(() => {
    for (const currentAttempt of [1, 2]) {
      void queue.enqueue({ kind: 'BOULDER', racerId: 9, roundId: 55, boulderIndex: currentAttempt, value: { topAttempts: null, zoneAttempts: null, currentAttempt }, raceId: 5, stage: 'QUALIFICATION', baseVersion: 0 });
    }
  }, [queue]);
  return null;
}

const stubApi = () => {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url.startsWith('/api/racer/')) throw new TypeError('Failed to fetch');
    if (url === '/api/token' && method === 'DELETE') return new Response(null, { status: 204 });
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

const loggedOut = (fetchMock: ReturnType<typeof stubApi>) => fetchMock.mock.calls.some(([url, init]) => url === '/api/token' && init?.method === 'DELETE');

describe('useGuardedLogout', () => {
  // (The setup empties the device's store and local storage after each test.)
  beforeEach(() => storeTestSession('account-csrf'));
  afterEach(() => vi.unstubAllGlobals());

  it('logs out at once and says so when nothing waits to be sent', async () => {
    const fetchMock = stubApi();
    renderWithProviders(<LogoutMenu />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByText('You have been logged out.')).toBeInTheDocument();
    expect(loggedOut(fetchMock)).toBe(true);
    expect(storedCsrfToken()).toBeNull();
    expect(screen.queryByText('Entries not sent yet')).toBeNull();
  });

  const askWithEntriesWaiting = async () => {
    const fetchMock = stubApi();
    renderWithProviders(
      <>
        <TwoWaitingEntries />
        <LogoutMenu />
      </>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Entries not sent yet' });
    expect(dialog).toHaveTextContent('2 entries made on this phone are not sent yet.');
    expect(loggedOut(fetchMock)).toBe(false);
    return { user, fetchMock };
  };

  it('asks first while entries wait; "Stay logged in" keeps the session', async () => {
    const { user, fetchMock } = await askWithEntriesWaiting();
    await user.click(screen.getByRole('button', { name: 'Stay logged in' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Entries not sent yet' })).toBeNull());
    expect(loggedOut(fetchMock)).toBe(false);
    expect(storedCsrfToken()).toBe('account-csrf');
  });

  it('asks first while entries wait; "Log out anyway" ends the session and says so', async () => {
    const { user, fetchMock } = await askWithEntriesWaiting();
    await user.click(screen.getByRole('button', { name: 'Log out anyway' }));
    expect(await screen.findByText('You have been logged out.')).toBeInTheDocument();
    expect(loggedOut(fetchMock)).toBe(true);
    expect(storedCsrfToken()).toBeNull();
  });
});
