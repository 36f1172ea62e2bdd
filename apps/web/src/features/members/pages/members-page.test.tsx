import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { MembersPage } from './members-page';

const member = {
  id: 1,
  userId: 5,
  organizationId: 7,
  user: { id: 5, email: 'mark@example.com', name: 'Mark', surname: 'Member', fullName: 'Mark Member', birthDate: null, sex: null, club: null, organizationId: 7, profilePhoto: null, active: true },
  state: 'ACTIVE',
  orgAdmin: false,
  judge: false,
  coach: true,
  blocked: false,
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
    expect(await screen.findByRole('cell', { name: 'Mark Member' })).toBeInTheDocument();
    expect(screen.getByText('Coach')).toBeInTheDocument();
    expect(screen.getByText('1 member')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Actions: Mark Member' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([input, init]) => String(input) === '/api/organization/7/member/5/block' && init?.method === 'POST')).toBe(true));
    expect(await screen.findByText('Mark Member has been blocked.')).toBeInTheDocument();
  });
});
