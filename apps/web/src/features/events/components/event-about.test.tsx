import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import type { EventDetail } from '../api/event';
import type { Race } from '../api/race';
import { buildRace } from '../testing/build-race';
import { EventAbout } from './event-about';

const eventWith = (races: Race[], onlineRegistration = true): EventDetail => ({
  id: 3,
  name: 'Zimný bouldering',
  displayName: null,
  description: null,
  organizationId: 1,
  organizationName: 'HKB',
  startingDate: '2026-12-12',
  closingDate: '2026-12-12',
  poster: null,
  attachments: [],
  allowedUnregisteredUsers: false,
  onlineRegistration,
  isPublic: true,
  isHidden: false,
  sendUpdateInfo: false,
  address: null,
  organization: { id: 1, name: 'HKB', shortcut: null, logo: null, secondaryLogo: null, seasonStartMonth: null },
  canManage: false,
  canScore: false,
  races,
});

const render = (event: EventDetail, language: 'en' | 'sk' = 'sk') => {
  vi.stubGlobal('fetch', vi.fn(async () => Response.json([])));
  return renderWithProviders(
    <MemoryRouter>
      <EventAbout event={event} />
    </MemoryRouter>,
    language,
  );
};

const openRace = buildRace({ state: 'OPEN_REGISTRATION', openingRegistrationDate: null, closingRegistrationDate: null });

describe('the event page badge "Online registration"', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows while a race of the event takes registrations', () => {
    render(eventWith([buildRace({ id: 8, state: 'FINISHED' }), openRace]));
    expect(screen.getByText('Online registrácia')).toBeInTheDocument();
  });

  it('is gone once registration closed and the race runs', () => {
    render(eventWith([buildRace({ state: 'QUALIFICATION_ONGOING' })]));
    expect(screen.queryByText('Online registrácia')).toBeNull();
  });

  it('is gone when the period is over though the race still says open', () => {
    render(eventWith([buildRace({ state: 'OPEN_REGISTRATION', openingRegistrationDate: '2020-01-01', closingRegistrationDate: '2020-01-31' })]), 'en');
    expect(screen.queryByText('Online registration')).toBeNull();
  });

  it('never shows for an event without online registration', () => {
    render(eventWith([openRace], false));
    expect(screen.queryByText('Online registrácia')).toBeNull();
  });
});
