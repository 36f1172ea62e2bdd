import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import type { ProfileBody } from '../api/account';
import type { CurrentUser } from '../api/current-user';
import { ProfileForm } from './profile-form';

const user = { id: 3, email: 'old@example.com', name: 'Olga', surname: 'Old', language: 'EN', orgAdmin: false, superAdmin: false, judge: false, coach: false } as CurrentUser;

describe('ProfileForm e-mail change', () => {
  it('asks for the current password only when the e-mail changes, and sends it with the new address', async () => {
    const onSubmit = vi.fn(async (_body: ProfileBody) => undefined);
    renderWithProviders(<ProfileForm user={user} onSubmit={onSubmit} />);
    expect(screen.queryByLabelText(/Current password/, { selector: 'input' })).not.toBeInTheDocument();

    const typing = userEvent.setup();
    const email = screen.getByLabelText(/E-mail/, { selector: 'input' });
    await typing.clear(email);
    await typing.type(email, 'new@example.com');
    const password = await screen.findByLabelText(/Current password/, { selector: 'input' });
    expect(screen.getByText(/A new e-mail takes effect when you open the link/)).toBeInTheDocument();

    await typing.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This value must be filled.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await typing.type(password, 'Secret-Pass-1');
    await typing.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ email: 'new@example.com', currentPassword: 'Secret-Pass-1' });
  });

  it('sends no password for other edits or a change of letter case', async () => {
    const onSubmit = vi.fn(async (_body: ProfileBody) => undefined);
    renderWithProviders(<ProfileForm user={user} onSubmit={onSubmit} />);
    const typing = userEvent.setup();
    const email = screen.getByLabelText(/E-mail/, { selector: 'input' });
    await typing.clear(email);
    await typing.type(email, 'Old@Example.com');
    expect(screen.queryByLabelText(/Current password/, { selector: 'input' })).not.toBeInTheDocument();
    await typing.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).not.toHaveProperty('currentPassword');
  });
});
