import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { EventsPage } from './events-page';

const answer = (status: number, body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );

const renderPage = (language: 'en' | 'sk' = 'en') =>
  renderWithProviders(
    <MemoryRouter>
      <EventsPage period="actual" />
    </MemoryRouter>,
    language,
  );

describe('EventsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the empty state when the list endpoint answers 404', async () => {
    answer(404, { error: { code: 'REQUEST_NOT_FOUND', message: 'not found' } });
    renderPage();
    expect(await screen.findByText('No events yet')).toBeInTheDocument();
  });

  it('shows the empty state for an empty list, in Slovak too', async () => {
    answer(200, []);
    renderPage('sk');
    expect(await screen.findByText('Zatiaľ žiadne podujatia')).toBeInTheDocument();
  });

  it('lists events with a plural summary', async () => {
    answer(200, [
      { id: 1, name: 'Boulder open', startingDate: '2026-06-13', closingDate: '2026-06-14', city: 'Bratislava' },
      { id: 2, name: 'Speed cup', displayName: 'Speed cup 2026', startingDate: '2026-07-01' },
    ]);
    renderPage('sk');
    expect(await screen.findByRole('status')).toHaveTextContent('Našli sa 2 podujatia');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Speed cup 2026' })).toBeInTheDocument();
  });

  it('offers a retry when the server fails', async () => {
    answer(500, { error: { code: 'INTERNAL_SERVER_ERROR', message: 'boom' } });
    renderPage();
    expect(await screen.findByText('The events could not be loaded.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('EventsPage filters', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the server again with the typed search', async () => {
    const fetchMock = vi.fn(async (_url: string) => new Response('[]', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('No events yet');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'cup');
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/event?period=actual&q=cup'))).toBe(true));
  });

  it('offers the four periods and no "my events" without a login', async () => {
    answer(200, []);
    renderPage();
    await screen.findByText('No events yet');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Actual', 'History', 'Planned', 'Open registration']);
    expect(screen.queryByRole('checkbox', { name: 'My events only' })).not.toBeInTheDocument();
  });

  it('keeps organisation, country and month behind "More filters" on a phone, saying how many are on', async () => {
    answer(200, []);
    const user = userEvent.setup();
    renderWithProviders(
      <MemoryRouter initialEntries={['/events/actual?country=SVK&month=2026-11']}>
        <EventsPage period="actual" />
      </MemoryRouter>,
      'en',
    );
    await screen.findByText('No events yet');
    const more = screen.getByRole('button', { name: 'More filters (2 on)' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    const fields = document.getElementById(more.getAttribute('aria-controls')!)!;
    expect(fields).not.toHaveAttribute('data-open');
    expect(fields).toContainElement(screen.getByRole('combobox', { name: 'Country' }));
    await user.click(more);
    expect(screen.getByRole('button', { name: 'Fewer filters' })).toHaveAttribute('aria-expanded', 'true');
    expect(fields).toHaveAttribute('data-open');
  });
});
