import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { EventDetailPage } from './event-detail-page';

const event = (canManage: boolean) => ({
  id: 3,
  name: 'Zimný pohár',
  displayName: null,
  description: null,
  organizationId: 1,
  organizationName: 'Boulder Club',
  startingDate: '2026-11-27',
  closingDate: '2026-11-27',
  poster: null,
  attachments: [],
  allowedUnregisteredUsers: false,
  onlineRegistration: false,
  isPublic: true,
  isHidden: false,
  sendUpdateInfo: false,
  address: null,
  organization: { id: 1, name: 'Boulder Club', shortcut: 'BCB', logo: null, secondaryLogo: null, seasonStartMonth: null },
  canManage,
  canScore: canManage,
  races: [],
});

const render = (canManage: boolean) => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url === '/api/event/3' ? Response.json(event(canManage)) : new Response(null, { status: 404 }))),
  );
  renderWithProviders(
    <MemoryRouter initialEntries={['/events/3']}>
      <Routes>
        <Route path="/events/:eventId" element={<EventDetailPage />} />
      </Routes>
    </MemoryRouter>,
  );
};

describe('EventDetailPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("leads the event's organisers to its judges (logins, cards, scorecard QR codes)", async () => {
    render(true);
    expect(await screen.findByRole('link', { name: 'Judges and scorecards' })).toHaveAttribute('href', '/admin/events/3#judges');
    expect(screen.getByRole('link', { name: 'Event settings' })).toHaveAttribute('href', '/admin/events/3');
  });

  it('shows the public neither the settings nor the judges', async () => {
    render(false);
    expect(await screen.findByRole('heading', { name: 'Zimný pohár', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Judges and scorecards' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Event settings' })).not.toBeInTheDocument();
  });
});
