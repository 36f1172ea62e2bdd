import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import type { MyMembership } from '../api/my-memberships';
import { MyMembershipRow } from './my-membership-row';

const base: MyMembership = {
  organizationId: 4,
  organizationName: 'HK Tatry',
  shortcut: 'HKT',
  organizationActive: true,
  state: 'INVITED',
  orgAdmin: false,
  judge: false,
  coach: true,
  blocked: false,
  contactShared: false,
};

const render = (membership: MyMembership, language: 'en' | 'sk' = 'en') =>
  renderWithProviders(
    <MemoryRouter>
      <ul>
        <MyMembershipRow membership={membership} />
      </ul>
    </MemoryRouter>,
    language,
  );

describe('MyMembershipRow', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers an invitation to accept or decline, and accepts it', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    render(base);
    expect(screen.getByText('HK Tatry offers you a membership. Until you accept, it sees only your name.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(screen.queryByRole('switch')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/user/memberships/4/accept', expect.objectContaining({ method: 'POST' })));
    expect(await screen.findByText('You are now a member of HK Tatry.')).toBeInTheDocument();
  });

  it('lets a member share the e-mail and phone number, in Slovak', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    render({ ...base, state: 'ACTIVE' }, 'sk');
    const share = screen.getByRole('switch', { name: 'Zobraziť môj e-mail a telefón organizácii HK Tatry' });
    expect(share).not.toBeChecked();
    await userEvent.setup().click(share);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/user/memberships/4', expect.objectContaining({ method: 'PUT', body: JSON.stringify({ contactShared: true }) })));
    expect(await screen.findByText('HK Tatry teraz vidí váš e-mail a telefón.')).toBeInTheDocument();
  });
});
