import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeTestSession, storedCsrfToken } from '../../../test/session';
import { renderWithProviders } from '../../../test/render-with-providers';
import { DeleteAccountSection } from './delete-account-section';

const renderProfile = (language: 'en' | 'sk' = 'en') =>
  renderWithProviders(
    <MemoryRouter initialEntries={['/profile']}>
      <Routes>
        <Route path="/profile" element={<DeleteAccountSection user={{ id: 5, email: 'Racer@Example.com' }} />} />
        <Route path="/" element={<p>Home page</p>} />
      </Routes>
    </MemoryRouter>,
    language,
  );

describe('DeleteAccountSection', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('deletes the account only after the e-mail is typed, then logs out and goes home', async () => {
    storeTestSession('token-1');
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
        return new Response(null, { status: 204 });
      }),
    );
    renderProfile();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete my account' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete the account' });
    const email = within(dialog).getByRole('textbox', { name: 'Type your e-mail Racer@Example.com to confirm' });
    expect(confirm).toBeDisabled();

    await user.type(email, 'someone@example.com{Enter}');
    expect(confirm).toBeDisabled();
    expect(calls).toEqual([]);

    await user.clear(email);
    await user.type(email, 'racer@example.com');
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(await screen.findByText('Your account has been deleted.')).toBeInTheDocument();
    expect(calls[0]).toBe('DELETE /api/user/5');
    await waitFor(() => expect(calls).toContain('DELETE /api/token'));
    expect(storedCsrfToken()).toBeNull();
  });

  it('stays on the page and shows the catalogue message when the server refuses', async () => {
    storeTestSession('token-1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: { code: 'USER_NO_RIGHTS_TO_DELETE', message: 'no' } }), { status: 403 })),
    );
    renderProfile('sk');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Zrušiť môj účet' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'Racer@Example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Zrušiť účet' }));
    expect(await screen.findByText('Nemáte oprávnenie vymazať tohto používateľa.')).toBeInTheDocument();
    expect(screen.queryByText('Home page')).not.toBeInTheDocument();
    expect(storedCsrfToken()).toBe('token-1');
  });
});
