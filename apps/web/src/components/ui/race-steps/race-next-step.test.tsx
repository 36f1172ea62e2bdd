import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Language, RaceState } from '@climbing/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { RaceNextStep } from './race-next-step';
import type { RaceStepPreview } from './race-step-preview';

const racer = (racerId: number, rank: number, fullName: string, group: string | null = null) => ({ racerId, racerNumber: 100 + racerId, fullName, club: 'HK Test', country: 'SVK', group, rank });

/** The walkthrough's race: group C is still climbing, one judge's phone holds two entries, two racers tie for the last place of the final. */
const FINAL_PREVIEW: RaceStepPreview = {
  raceId: 7,
  from: 'QUALIFICATION_ONGOING',
  to: 'FINALS_ONGOING',
  closing: {
    stage: 'QUALIFICATION',
    unit: 'ROUNDS',
    total: 30,
    notFinished: 8,
    notStarted: 2,
    groups: [
      { group: 'B', notFinished: 1, notStarted: 0 },
      { group: 'C', notFinished: 7, notStarted: 2 },
    ],
    // Thirty named at most; here the server named two of the eight.
    unfinishedRacers: [
      { racerNumber: 112, fullName: 'Juraj Pomalý', group: 'B', nothingEntered: false },
      { racerNumber: 131, fullName: 'Kamil Neskorý', group: 'C', nothingEntered: true },
    ],
  },
  devices: [{ deviceId: 'phone-1', userName: null, judgeLogin: 'judge-boulder-3', pending: 2, oldestPendingAt: '2026-12-05T09:41:07.000Z', lastSeenAt: '2026-12-05T09:43:00.000Z' }],
  silentDevices: [],
  advancing: {
    stage: 'FINAL',
    fromStage: 'QUALIFICATION',
    quota: 8,
    rankings: [
      {
        sex: null,
        ranked: 28,
        unranked: 2,
        racers: [
          ...['Adam', 'Boris', 'Cyril', 'Dušan', 'Emil', 'Filip', 'Gabriel'].map((name, index) => ({ ...racer(index + 1, index + 1, name, 'A'), reason: 'QUOTA' as const })),
          { ...racer(8, 8, 'Henrich Zhodný', 'B'), reason: 'QUOTA' as const },
          { ...racer(9, 8, 'Igor Rovný', 'C'), reason: 'QUOTA' as const },
        ],
        tie: { rank: 8, places: 1, racerIds: [8, 9] },
      },
    ],
  },
  speedBrackets: null,
  checkIn: null,
};

const START_PREVIEW = (missing: number): RaceStepPreview => ({
  raceId: 7,
  from: 'QUALIFICATION',
  to: 'QUALIFICATION_ONGOING',
  closing: null,
  devices: [],
  silentDevices: [],
  advancing: null,
  speedBrackets: null,
  checkIn: {
    checkInStarted: true,
    registered: 4 + missing,
    climbing: 3,
    notCheckedIn: Array.from({ length: missing }, (_, index) => ({ registrationId: 20 + index, racerNumber: 14 + index, fullName: index === 0 ? 'Cecília Ranná' : 'Dana Neskorá', group: 'B' })),
    withdrawn: 1,
  },
});

/** A preview the server refuses with 409 and this code, as the step itself would be. */
interface Refusal {
  refused: string;
}

/** The server: previews answer `previews` by target state (an Error: the call fails), every state change succeeds. */
const stubServer = (previews: Partial<Record<RaceState, RaceStepPreview | Error | Refusal>>) => {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const match = /^\/api\/race\/7\/state-preview\?state=(\w+)$/.exec(url);
    if (match) {
      const answer = previews[match[1] as RaceState];
      if (answer instanceof Error) return Response.json({ error: { code: 'INTERNAL_SERVER_ERROR', message: 'boom' } }, { status: 500 });
      if (answer && 'refused' in answer) return Response.json({ error: { code: answer.refused, message: 'refused' } }, { status: 409 });
      return answer ? Response.json(answer) : new Response(null, { status: 404 });
    }
    if (url === '/api/race/7/state' && init?.method === 'PUT') return Response.json({});
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

const renderStep = (state: RaceState, change: (target: RaceState) => Promise<void>, language: Language = 'en') =>
  renderWithProviders(<RaceNextStep raceId={7} state={state} format="QUALIFICATION_FINAL" change={change} />, language);

describe('the race step: what it does, said before the organiser presses', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('"Start the final" names the unfinished racers per group, the phone still holding entries, and 9 finalists for 8 places after a tie', async () => {
    stubServer({ FINALS_ONGOING: FINAL_PREVIEW });
    const change = vi.fn(async () => undefined);
    const user = userEvent.setup();
    renderStep('QUALIFICATION_ONGOING', change);
    await user.click(screen.getByRole('button', { name: 'Start the final' }));

    const dialog = await screen.findByRole('dialog', { name: 'Start the final?' });
    const unfinished = await within(dialog).findByTestId('preview-unfinished');
    expect(unfinished).toHaveTextContent('Qualification: not everything is finished');
    expect(unfinished).toHaveTextContent('8 of 30 racers have not finished. (nothing entered yet: 2)');
    expect(unfinished).toHaveTextContent('Group B: 1 racer not finished');
    expect(unfinished).toHaveTextContent('Group C: 7 racers not finished (nothing entered yet: 2)');

    expect(within(dialog).getByTestId('preview-unfinished-racers')).toHaveTextContent('Not finished: 112 Juraj Pomalý (Group B), 131 Kamil Neskorý (Group C) – nothing entered and 6 more');
    const devices = within(dialog).getByTestId('preview-devices');
    expect(devices).toHaveTextContent("Judges' devices with unsent entries");
    expect(devices).toHaveTextContent('judge-boulder-3: 2 entries waiting since');
    expect(devices).toHaveTextContent('Entries that reach the server after the qualification is closed are refused for good (“The stage is closed”)');

    // The outcome first, above the warnings about the stage it closes: on a laptop the list is below the dialog's first screen.
    const outcome = within(dialog).getByTestId('preview-outcome');
    expect(outcome).toHaveTextContent('Who advances to the final9 racers advance for 8 places. A tie for place 8 at the cut-off: all of them advance (the list below names them).');
    expect(outcome.compareDocumentPosition(unfinished) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const advancing = within(dialog).getByTestId('preview-advancing');
    expect(advancing).toHaveTextContent('Who advances to the final');
    expect(advancing).toHaveTextContent('9 racers advance for 8 places.');
    expect(within(advancing).getByTestId('preview-tie')).toHaveTextContent('Henrich Zhodný, Igor Rovný share place 8 at the cut-off, so all of them advance.');
    const rows = within(advancing).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(9);
    expect(rows.filter((row) => row.hasAttribute('data-tied')).map((row) => row.textContent)).toEqual([expect.stringContaining('Henrich Zhodný'), expect.stringContaining('Igor Rovný')]);
    // Several groups: the list says each finalist's group.
    expect(within(advancing).getByRole('columnheader', { name: 'Group' })).toBeInTheDocument();

    expect(change).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Start the final' }));
    await waitFor(() => expect(change).toHaveBeenCalledWith('FINALS_ONGOING'));
  });

  it('says so when every round is finished and no device holds entries, and still warns what a late entry meets', async () => {
    stubServer({ FINALS_ONGOING: { ...FINAL_PREVIEW, closing: { ...FINAL_PREVIEW.closing!, notFinished: 0, notStarted: 0, groups: [] }, devices: [] } });
    const user = userEvent.setup();
    renderStep('QUALIFICATION_ONGOING', vi.fn(async () => undefined));
    await user.click(screen.getByRole('button', { name: 'Start the final' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('preview-unfinished')).toHaveTextContent('Qualification: all 30 rounds are finished.');
    expect(within(dialog).getByTestId('preview-devices')).toHaveTextContent("No judge's device reports unsent entries.");
    expect(within(dialog).getByTestId('preview-devices')).toHaveTextContent('refused for good');
  });

  it('names the devices not heard from since their last report instead of an all-clear: an offline phone cannot say what it holds', async () => {
    const quiet = { deviceId: 'phone-2', userName: null, judgeLogin: 'judge-boulder-4', pending: 0, oldestPendingAt: null, lastSeenAt: '2026-12-05T09:14:00.000Z' };
    stubServer({ FINALS_ONGOING: { ...FINAL_PREVIEW, closing: { ...FINAL_PREVIEW.closing!, notFinished: 0, notStarted: 0, groups: [] }, devices: [], silentDevices: [quiet] } });
    const user = userEvent.setup();
    renderStep('QUALIFICATION_ONGOING', vi.fn(async () => undefined));
    await user.click(screen.getByRole('button', { name: 'Start the final' }));
    const dialog = await screen.findByRole('dialog');
    const silent = await within(dialog).findByTestId('preview-silent-devices');
    expect(silent).toHaveTextContent("Judges' devices not heard from lately");
    expect(silent).toHaveTextContent('judge-boulder-4: everything was sent at its last report');
    expect(silent).toHaveTextContent('ask these judges to open the scorecard with a connection');
    expect(within(dialog).getByTestId('preview-devices')).not.toHaveTextContent("No judge's device reports unsent entries.");
    expect(within(dialog).getByTestId('preview-devices')).toHaveTextContent('refused for good');
  });

  it('in Slovak, with the plural forms of the language', async () => {
    stubServer({ FINALS_ONGOING: FINAL_PREVIEW });
    const user = userEvent.setup();
    renderStep('QUALIFICATION_ONGOING', vi.fn(async () => undefined), 'sk');
    await user.click(screen.getByRole('button', { name: 'Začať finále' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('preview-unfinished')).toHaveTextContent('Skupina C: 7 pretekárov nedokončilo (zatiaľ bez jediného zápisu: 2)');
    expect(within(dialog).getByTestId('preview-advancing')).toHaveTextContent('Postupuje 9 pretekárov na 8 miest.');
    expect(within(dialog).getByTestId('preview-tie')).toHaveTextContent('Henrich Zhodný, Igor Rovný sa delia o 8. miesto na hranici postupu, preto postupujú všetci.');
    expect(within(dialog).getByTestId('preview-devices')).toHaveTextContent('po uzavretí kvalifikácie');
  });

  it('"Start the qualification" goes at once when everybody registered will climb', async () => {
    const fetchMock = stubServer({ QUALIFICATION_ONGOING: START_PREVIEW(0) });
    const change = vi.fn(async () => undefined);
    const user = userEvent.setup();
    renderStep('QUALIFICATION', change);
    await user.click(screen.getByRole('button', { name: 'Start the qualification' }));
    await waitFor(() => expect(change).toHaveBeenCalledWith('QUALIFICATION_ONGOING'));
    expect(fetchMock).toHaveBeenCalledWith('/api/race/7/state-preview?state=QUALIFICATION_ONGOING', expect.anything());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('"Start the qualification" asks first when a registered racer is not checked in, naming them and that they will not climb', async () => {
    stubServer({ QUALIFICATION_ONGOING: START_PREVIEW(2) });
    const change = vi.fn(async () => undefined);
    const user = userEvent.setup();
    renderStep('QUALIFICATION', change);
    await user.click(screen.getByRole('button', { name: 'Start the qualification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start the qualification?' });
    const checkIn = within(dialog).getByTestId('preview-check-in');
    expect(checkIn).toHaveTextContent('2 registered racers are not checked in');
    expect(checkIn).toHaveTextContent('They will not climb: they get no qualification round and no starting number.');
    expect(checkIn).toHaveTextContent('Group B (2): 14 Cecília Ranná, 15 Dana Neskorá');
    expect(checkIn).toHaveTextContent('3 racers climb in the qualification. 1 registered racer withdrew (not present).');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(change).not.toHaveBeenCalled();
  });

  it('a preview that cannot be read is said in the confirmation, with a retry; the step can still be taken', async () => {
    stubServer({ FINALS_ONGOING: new Error('down') });
    const change = vi.fn(async () => undefined);
    const user = userEvent.setup();
    renderStep('QUALIFICATION_ONGOING', change);
    await user.click(screen.getByRole('button', { name: 'Start the final' }));
    const dialog = await screen.findByRole('dialog');
    const failed = await within(dialog).findByTestId('race-step-preview-failed', {}, { timeout: 5_000 });
    expect(failed).toHaveTextContent('What this step does now could not be checked');
    expect(within(failed).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Start the final' }));
    await waitFor(() => expect(change).toHaveBeenCalledWith('FINALS_ONGOING'));
  });

  const BACK_PREVIEW: RaceStepPreview = { raceId: 7, from: 'FINALS', to: 'QUALIFICATION_ONGOING', closing: null, devices: [], silentDevices: [], advancing: null, speedBrackets: null, checkIn: null };

  const openReopen = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reopen the qualification' }));
    return screen.findByRole('dialog');
  };

  it('going back to the qualification once a final round has an entry: the confirmation says why it is refused and only closes', async () => {
    stubServer({ QUALIFICATION_ONGOING: { refused: 'ROUND_CANNOT_BE_REOPENED' } });
    const change = vi.fn(async () => undefined);
    const user = userEvent.setup();
    renderStep('FINALS', change);
    const dialog = await openReopen(user);
    const refused = await within(dialog).findByTestId('race-step-preview-refused');
    expect(refused).toHaveTextContent('This step cannot be taken now');
    expect(refused).toHaveTextContent('This cannot be reopened because a round of a later stage has already started.');
    expect(within(dialog).queryByTestId('race-step-preview-failed')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Reopen the qualification' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Do you want to continue?')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(change).not.toHaveBeenCalled();
  });

  it('going back to the qualification while the final is untouched: asked, then taken', async () => {
    const fetchMock = stubServer({ QUALIFICATION_ONGOING: BACK_PREVIEW });
    const change = vi.fn(async () => undefined);
    const user = userEvent.setup();
    renderStep('FINALS', change);
    const dialog = await openReopen(user);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Reopen the qualification' })).toBeEnabled());
    expect(fetchMock).toHaveBeenCalledWith('/api/race/7/state-preview?state=QUALIFICATION_ONGOING', expect.anything());
    await user.click(within(dialog).getByRole('button', { name: 'Reopen the qualification' }));
    await waitFor(() => expect(change).toHaveBeenCalledWith('QUALIFICATION_ONGOING'));
  });
});
