import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { JudgeAccounts } from './judge-accounts';
import type { JudgeCardEvent } from './judge-card';

const event: JudgeCardEvent = {
  id: 3,
  name: 'Zimný pohár',
  displayName: null,
  organization: { id: 1, name: 'Boulder Club', shortcut: 'BCB', logo: null, secondaryLogo: null, seasonStartMonth: null },
  races: [
    { id: 7, name: 'Men open' },
    { id: 8, name: 'Women open' },
  ],
};

const created = { id: 21, login: 'judge-3-abcdef', password: 'kmnpqrstuv42' };

function stubServer() {
  let accounts: { id: number; login: string; createdAt: string; revoked: boolean }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/event/3/judge-account' && init?.method === 'POST') {
      accounts = [{ id: created.id, login: created.login, createdAt: '2026-11-27T07:00:00Z', revoked: false }];
      return Response.json(created, { status: 201 });
    }
    if (url === '/api/event/3/judge-account') return Response.json(accounts);
    return Response.json({ error: { code: 'REQUEST_NOT_FOUND', message: 'not found' } }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const render = (path = '/admin/events/3') =>
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <JudgeAccounts event={event} />
    </MemoryRouter>,
  );

const scorecard = (raceId: number, login?: string) => `${window.location.origin}/races/${raceId}/scorecard${login ? `?login=${login}` : ''}`;

/** What the copy buttons put on the clipboard (user-event's stand-in for it). */
const clipboard = () => navigator.clipboard.readText();

describe('JudgeAccounts', () => {
  beforeEach(() => {
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a new judge login with copy buttons, the QR code of each scorecard with the login, and the card to print', async () => {
    stubServer();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const user = userEvent.setup();
    render();
    await user.click(screen.getByRole('button', { name: 'Create a judge account' }));
    const panel = await screen.findByTestId('created-judge');
    expect(within(panel).getByTestId('judge-login')).toHaveTextContent(created.login);
    expect(within(panel).getByTestId('judge-password')).toHaveTextContent(created.password);

    await user.click(within(panel).getByRole('button', { name: 'Copy the password' }));
    expect(await clipboard()).toBe(created.password);
    expect(within(panel).getAllByRole('status').some((status) => status.textContent === 'Copied')).toBe(true);
    await user.click(within(panel).getByRole('button', { name: `Copy login ${created.login}` }));
    expect(await clipboard()).toBe(created.login);

    // Every race by default: its scorecard's QR code and address bring the login, never the password.
    expect(within(panel).getByRole('img', { name: `QR code: scorecard of Men open, login ${created.login}` })).toBeInTheDocument();
    expect(within(panel).getByRole('img', { name: `QR code: scorecard of Women open, login ${created.login}` })).toBeInTheDocument();
    expect(within(panel).getByText(scorecard(7, created.login))).toBeInTheDocument();
    expect(panel.textContent?.split(created.password).length).toBe(2);
    await user.click(within(panel).getByRole('button', { name: 'Copy the scorecard address of Men open' }));
    expect(await clipboard()).toBe(scorecard(7, created.login));

    // One race on the card.
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Races on the judge card' }), 'Women open');
    expect(within(panel).queryByRole('img', { name: /Men open/ })).not.toBeInTheDocument();

    // The printed card: the login, the password and the chosen race's QR code and address.
    const sheet = screen.getByTestId('judge-card-sheet');
    expect(sheet.parentElement).toBe(document.body);
    expect(within(sheet).getByRole('heading', { name: 'Judge login' })).toBeInTheDocument();
    expect(sheet).toHaveTextContent(created.login);
    expect(sheet).toHaveTextContent(created.password);
    expect(within(sheet).getByRole('img', { name: `QR code: scorecard of Women open, login ${created.login}` })).toBeInTheDocument();
    expect(within(sheet).queryByRole('img', { name: /Men open/ })).not.toBeInTheDocument();
    expect(sheet).toHaveTextContent(scorecard(8, created.login));
    expect(sheet).toHaveTextContent('Scan the QR code of your race with the phone camera.');
    await user.click(within(panel).getByRole('button', { name: 'Print the judge card' }));
    expect(print).toHaveBeenCalledTimes(1);

    // The new login is listed; closing the panel takes the password and the card away for good.
    expect(await screen.findByRole('button', { name: `Remove judge account ${created.login}` })).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Close: the password will not be shown again' }));
    expect(screen.queryByText(created.password)).not.toBeInTheDocument();
    expect(screen.queryByTestId('judge-card-sheet')).not.toBeInTheDocument();
  });

  it("keeps the first login's password on screen when a second one is created, and shows its card again on request", async () => {
    let next = 0;
    const logins = [
      { id: 21, login: 'judge-3-first', password: 'firstpass42' },
      { id: 22, login: 'judge-3-second', password: 'secondpass42' },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input) === '/api/event/3/judge-account' && init?.method === 'POST') return Response.json(logins[next++], { status: 201 });
        return Response.json([]);
      }),
    );
    const user = userEvent.setup();
    render();
    await user.click(screen.getByRole('button', { name: 'Create a judge account' }));
    expect(await screen.findByTestId('judge-password')).toHaveTextContent('firstpass42');
    await user.click(screen.getByRole('button', { name: 'Create a judge account' }));
    expect(await within(await screen.findByTestId('created-judge')).findByTestId('judge-password')).toHaveTextContent('secondpass42');
    const earlier = screen.getByTestId('earlier-judge');
    expect(earlier).toHaveTextContent('judge-3-first');
    expect(earlier).toHaveTextContent('firstpass42');
    await user.click(within(earlier).getByRole('button', { name: 'Show its card' }));
    expect(within(screen.getByTestId('created-judge')).getByTestId('judge-password')).toHaveTextContent('firstpass42');
    expect(screen.getByTestId('earlier-judge')).toHaveTextContent('secondpass42');
  });

  it('copies with the copy command where the Clipboard API is missing (plain http on the venue network)', async () => {
    stubServer();
    Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    const user = userEvent.setup();
    const written = vi.spyOn(navigator.clipboard, 'writeText');
    render();
    await user.click(screen.getByRole('button', { name: 'Create a judge account' }));
    const panel = await screen.findByTestId('created-judge');
    await user.click(within(panel).getByRole('button', { name: 'Copy the password' }));
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(written).not.toHaveBeenCalled();
    expect(within(panel).getAllByRole('status').some((status) => status.textContent === 'Copied')).toBe(true);

    execCommand.mockReturnValue(false);
    await user.click(within(panel).getByRole('button', { name: `Copy login ${created.login}` }));
    await waitFor(() => expect(within(panel).getAllByRole('status').some((status) => status.textContent === 'Could not copy: select the text and copy it by hand.')).toBe(true));
    Reflect.deleteProperty(document, 'execCommand');
  });

  it("lists each race's scorecard address to copy and to show as a QR code", async () => {
    stubServer();
    const user = userEvent.setup();
    render();
    expect(screen.getByRole('link', { name: scorecard(7) })).toHaveAttribute('href', scorecard(7));
    await user.click(screen.getByRole('button', { name: 'Copy the scorecard address of Women open' }));
    expect(await clipboard()).toBe(scorecard(8));
    await user.click(screen.getByRole('button', { name: 'QR code of the scorecard of Women open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Women open' });
    expect(within(dialog).getByRole('img', { name: 'QR code: scorecard of Women open' })).toBeInTheDocument();
  });

  it('comes into view and takes the focus when the address names the section (#judges)', async () => {
    stubServer();
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    render('/admin/events/3#judges');
    const heading = screen.getByRole('heading', { name: 'Judges and scorecards' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(scrolled.mock.contexts).toContain(heading);
    scrolled.mockRestore();
  });

  it('stays where it is without the anchor', () => {
    stubServer();
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    render();
    expect(screen.getByRole('heading', { name: 'Judges and scorecards' })).not.toHaveFocus();
    expect(scrolled).not.toHaveBeenCalled();
    scrolled.mockRestore();
  });
});
