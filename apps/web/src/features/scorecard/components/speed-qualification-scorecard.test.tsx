import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeTestSession } from '../../../test/session';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ScorecardPage } from '../pages/scorecard-page';

interface Run {
  time: number | null;
  fall?: boolean;
  falseStart?: boolean;
}

const run = (id: number, routeIndex: number, attemptIndex: number, value: Run = { time: null }) => ({
  id,
  routeIndex,
  attemptIndex,
  time: value.time,
  fall: value.fall ?? false,
  falseStart: value.falseStart ?? false,
  version: 2,
});

const round = (id: number, racerId: number, version: number, state: string, speedRoutes: ReturnType<typeof run>[]) => ({
  id,
  racerId,
  stage: 'QUALIFICATION',
  state,
  startingNumber: 1,
  version,
  qualificationGroupId: null,
  boulders: [],
  routes: [],
  speedRoutes,
});

const horakRound = (version: number, laneA: Run = { time: null }, state = 'STARTED') => round(55, 9, version, state, [run(201, 0, 0, laneA), run(202, 1, 0)]);

const racer = (id: number, racerNumber: number, fullName: string, rounds: unknown[]) => ({
  id,
  racerNumber,
  fullName,
  birthYear: 2001,
  sex: 'M',
  country: 'SVK',
  club: null,
  qualificationGroup: null,
  rounds,
});

const racers = [
  racer(9, 14, 'Ľuboš Horák', [horakRound(3)]),
  racer(10, 15, 'Peter Novák', [round(56, 10, 2, 'STARTED', [run(203, 0, 0, { time: 6850 }), run(204, 1, 0, { time: 6500, fall: true })])]),
];

type Answer = (url: string, init?: RequestInit) => { status: number; body: unknown } | undefined;

const serve = (answer: Answer, speedType = 'WORLD_CUP', list: unknown[] = racers) => {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.includes('/scoring-device/')) return new Response(null, { status: 204 });
      const custom = answer(url, init);
      if (custom) return new Response(JSON.stringify(custom.body), { status: custom.status });
      if (url.startsWith('/api/token')) return new Response(JSON.stringify({ kind: 'JUDGE_ACCOUNT', eventId: null }));
      if (url === '/api/race/3') return new Response(JSON.stringify({ id: 3, eventId: null, name: 'Speed men', discipline: 'SPEED', raceFormat: 'QUALIFICATION_FINAL', speed: { type: speedType } }));
      if (url.startsWith('/api/racer/list')) return new Response(JSON.stringify(list));
      return new Response(JSON.stringify({ error: { code: 'RACE_NOT_FOUND', message: '' } }), { status: 404 });
    }),
  );
  return calls;
};

const openRacer = async (language: 'en' | 'sk' = 'en') => {
  const user = userEvent.setup();
  renderWithProviders(
    <MemoryRouter initialEntries={['/races/3/scorecard']}>
      <Routes>
        <Route path="/races/:raceId/scorecard" element={<ScorecardPage />} />
      </Routes>
    </MemoryRouter>,
    language,
  );
  await screen.findByText('Speed men');
  await user.type(await screen.findByRole('textbox', { name: language === 'en' ? 'Racer' : 'Pretekár' }), 'horak');
  await user.click(await screen.findByText('14 · Ľuboš Horák'));
  // The speed card is fetched when needed: wait for it.
  await screen.findByTestId('speed-qualification-scorecard');
  return user;
};

const puts = <C extends { method: string; url: string }>(calls: C[]) => calls.filter((call) => call.method === 'PUT' && call.url.startsWith('/api/racer/'));
/** The run as sent, without the device, the device time and the key. */
const runOf = (body: unknown) => {
  const { time, fall, falseStart, version } = body as Record<string, unknown>;
  return { time, fall, falseStart, version };
};

describe('SpeedQualificationScorecard', () => {
  beforeEach(() => storeTestSession('judge-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('sends the run in milliseconds as a queued entry with the run’s version, and says all is saved', async () => {
    const calls = serve((url, init) => (init?.method === 'PUT' && url.startsWith('/api/racer/') ? { status: 200, body: horakRound(4, { time: 7200 }) } : undefined));
    const user = await openRacer();
    expect(screen.getByRole('radio', { name: 'Lane A · –' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Lane B · –' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Time' }), '7,2');
    await user.click(screen.getByRole('button', { name: 'Save run' }));
    await waitFor(() => expect(screen.getByTestId('sync-saved')).toHaveTextContent('All saved at'));
    expect(puts(calls).map((call) => [call.url, runOf(call.body)])).toEqual([['/api/racer/9/speed-route/201', { time: 7200, fall: false, falseStart: false, version: 2 }]]);
    expect(screen.getByRole('textbox', { name: 'Time' })).toHaveValue('7,2');
    expect(screen.getByRole('radio', { name: 'Lane A · 7.200' })).toBeChecked();
  });

  it('refuses a run without a time that is neither a fall nor a false start, and saves a fall without one', async () => {
    const calls = serve((url, init) => (init?.method === 'PUT' && url.startsWith('/api/racer/') ? { status: 200, body: horakRound(4, { time: null, fall: true }) } : undefined));
    const user = await openRacer();
    await user.click(screen.getByRole('button', { name: 'Save run' }));
    expect(await screen.findByText('Enter the time, or mark a fall or false start.')).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);
    await user.click(screen.getByRole('checkbox', { name: 'Fall' }));
    await user.click(screen.getByRole('button', { name: 'Save run' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(runOf(puts(calls)[0]?.body)).toEqual({ time: null, fall: true, falseStart: false, version: 2 });
  });

  it('shows a run the server refused, with the reason, until the judge dismisses it', async () => {
    serve((url, init) =>
      init?.method === 'PUT' && url.startsWith('/api/racer/') ? { status: 400, body: { error: { code: 'VALIDATION_FAILED', message: 'bad', fields: { time: 'validation.required' } } } } : undefined,
    );
    const user = await openRacer();
    await user.type(screen.getByRole('textbox', { name: 'Time' }), '1:02.5');
    await user.click(screen.getByRole('button', { name: 'Save run' }));
    const refused = await screen.findByTestId('refused-entry');
    expect(refused).toHaveTextContent('Not saved: Lane A 62.500. Some values are not valid.');
    await user.click(within(refused).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('refused-entry')).not.toBeInTheDocument());
  });

  it("asks for confirmation before saving another racer's best time", async () => {
    const calls = serve((url, init) => (init?.method === 'PUT' && url.startsWith('/api/racer/') ? { status: 200, body: horakRound(4, { time: 6850 }) } : undefined));
    const user = await openRacer();
    await user.type(screen.getByRole('textbox', { name: 'Time' }), '6,85');
    await user.click(screen.getByRole('button', { name: 'Save run' }));
    expect(await screen.findByText('15 · Peter Novák already has the best time 6.850. Save the same time?')).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'No, correct' }));
    expect(screen.queryByTestId('speed-same-time')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save run' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, save' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls).map((call) => runOf(call.body))).toEqual([{ time: 6850, fall: false, falseStart: false, version: 2 }]);
  });

  it('does not ask about a time equal to a fallen run of another racer', async () => {
    const calls = serve((url, init) => (init?.method === 'PUT' && url.startsWith('/api/racer/') ? { status: 200, body: horakRound(4, { time: 6500 }) } : undefined));
    const user = await openRacer();
    await user.type(screen.getByRole('textbox', { name: 'Time' }), '6.5');
    await user.click(screen.getByRole('button', { name: 'Save run' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(screen.queryByTestId('speed-same-time')).not.toBeInTheDocument();
  });

  it('puts my time and the one another judge stored side by side', async () => {
    serve((url, init) =>
      init?.method === 'PUT' && url.startsWith('/api/racer/')
        ? { status: 409, body: { error: { code: 'VERSION_CONFLICT', message: 'stale', details: { current: horakRound(5, { time: 7123 }) } } } }
        : undefined,
    );
    const user = await openRacer();
    await user.type(screen.getByRole('textbox', { name: 'Time' }), '7.5');
    await user.click(screen.getByRole('button', { name: 'Save run' }));
    const card = await screen.findByTestId('conflict-card');
    expect(card).toHaveTextContent('Lane A was changed by someone else');
    expect(within(card).getByTestId('conflict-mine')).toHaveTextContent('7.500');
    expect(within(card).getByTestId('conflict-theirs')).toHaveTextContent('7.123');
  });

  it('says in Slovak that a closed round refused the run', async () => {
    serve((url, init) => (init?.method === 'PUT' && url.startsWith('/api/racer/') ? { status: 409, body: { error: { code: 'ROUND_CLOSED', message: 'closed' } } } : undefined));
    const user = await openRacer('sk');
    await user.type(screen.getByRole('textbox', { name: 'Čas' }), '7,5');
    await user.click(screen.getByRole('button', { name: 'Uložiť pokus' }));
    expect(await screen.findByTestId('refused-entry')).toHaveTextContent('Kolo je uzavreté a nie je možné ho upravovať.');
  });

  it('labels the nomination runs by route and attempt', async () => {
    const nomination = [racer(9, 14, 'Ľuboš Horák', [round(55, 9, 1, 'STARTED', [run(201, 0, 0), run(202, 0, 1), run(203, 1, 0), run(204, 1, 1, { time: 8001 })])])];
    serve(() => undefined, 'NOMINATION', nomination);
    await openRacer();
    expect(screen.getByTestId('speed-run-label')).toHaveTextContent('Route 1, attempt 1');
    expect(screen.getByRole('combobox', { name: 'Run' })).toHaveDisplayValue('Route 1, attempt 1 · –');
  });
});

describe('SpeedQualificationScorecard: a typed time is never dropped silently', () => {
  beforeEach(() => {
    window.localStorage.clear();
    storeTestSession('judge-token');
  });
  afterEach(() => vi.unstubAllGlobals());

  const stored = () => serve((url, init) => (init?.method === 'PUT' && url.startsWith('/api/racer/') ? { status: 200, body: horakRound(4, { time: 6850 }) } : undefined));

  it('asks the same-time question in a dialog; leaving after "No, correct" asks again, and its Save asks the same question before saving', async () => {
    const calls = stored();
    const user = await openRacer();
    await user.type(screen.getByRole('textbox', { name: 'Time' }), '6.85');
    await user.click(screen.getByRole('button', { name: 'Save run' }));
    // A dialog in the middle of the screen, not a box under the Save button behind the phone's keyboard.
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('speed-same-time')).toHaveTextContent('15 · Peter Novák already has the best time 6.850. Save the same time?');
    await user.click(within(dialog).getByRole('button', { name: 'No, correct' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Time' })).toHaveValue('6.85');

    // The tester's walk: "Other racer" with the time still unsaved.
    await user.click(screen.getByRole('button', { name: 'Other racer' }));
    const asked = await screen.findByTestId('unsaved-entry');
    expect(asked).toHaveTextContent('14 · Ľuboš Horák, Lane A: 6.850 is not saved.');
    expect(puts(calls)).toHaveLength(0);
    await user.click(within(asked).getByRole('button', { name: 'Save' }));
    // Save goes through the Save button's checks: the same question first.
    const question = await screen.findByTestId('speed-same-time');
    expect(puts(calls)).toHaveLength(0);
    await user.click(within(question).getByRole('button', { name: 'Yes, save' }));
    expect(await screen.findByRole('textbox', { name: 'Racer' })).toBeInTheDocument();
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls).map((call) => [call.url, runOf(call.body)])).toEqual([['/api/racer/9/speed-route/201', { time: 6850, fall: false, falseStart: false, version: 2 }]]);
  });

  it('"No, correct" on leaving keeps the judge on the card with the time', async () => {
    const calls = stored();
    const user = await openRacer();
    await user.type(screen.getByRole('textbox', { name: 'Time' }), '6.85');
    await user.click(screen.getByRole('button', { name: 'Other racer' }));
    await user.click(within(await screen.findByTestId('unsaved-entry')).getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByTestId('speed-same-time')).getByRole('button', { name: 'No, correct' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('scorecard-racer')).toHaveTextContent('14 · Ľuboš Horák');
    expect(screen.getByRole('textbox', { name: 'Time' })).toHaveValue('6.85');
    expect(puts(calls)).toHaveLength(0);
  });

  it('asks before another lane takes a typed time away: Stay keeps it; Save saves that lane and opens the other', async () => {
    const calls = serve((url, init) => (init?.method === 'PUT' && url.startsWith('/api/racer/') ? { status: 200, body: horakRound(4, { time: 7400 }) } : undefined));
    const user = await openRacer();
    await user.type(screen.getByRole('textbox', { name: 'Time' }), '7.4');
    await user.click(screen.getByRole('radio', { name: 'Lane B · –' }));
    const asked = await screen.findByTestId('unsaved-entry');
    expect(asked).toHaveTextContent('14 · Ľuboš Horák, Lane A: 7.400 is not saved.');
    await user.click(within(asked).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByTestId('unsaved-entry')).not.toBeInTheDocument());
    expect(screen.getByTestId('speed-run-label')).toHaveTextContent('Lane A');
    expect(screen.getByRole('textbox', { name: 'Time' })).toHaveValue('7.4');

    await user.click(screen.getByRole('radio', { name: 'Lane B · –' }));
    await user.click(within(await screen.findByTestId('unsaved-entry')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('speed-run-label')).toHaveTextContent('Lane B'));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls).map((call) => [call.url, runOf(call.body)])).toEqual([['/api/racer/9/speed-route/201', { time: 7400, fall: false, falseStart: false, version: 2 }]]);
    expect(screen.getByRole('textbox', { name: 'Time' })).toHaveValue('');
  });

  it('"Next racer" with a typed time asks; Discard drops it and opens the next racer, nothing is sent', async () => {
    const calls = stored();
    const user = await openRacer();
    await user.type(screen.getByRole('textbox', { name: 'Time' }), '7.4');
    await user.click(screen.getByRole('button', { name: 'Next racer' }));
    const asked = await screen.findByTestId('unsaved-entry');
    expect(asked).toHaveTextContent('14 · Ľuboš Horák, Lane A: 7.400 is not saved.');
    await user.click(within(asked).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.getByTestId('scorecard-racer')).toHaveTextContent('15 · Peter Novák'));
    expect(screen.getByRole('textbox', { name: 'Time' })).toHaveValue('6.850');
    expect(puts(calls)).toHaveLength(0);
  });

  it('says in the dialog why a garbled time cannot be saved, offers only Stay and Discard, and Stay shows the reason under the field', async () => {
    const calls = stored();
    const user = await openRacer();
    await user.type(screen.getByRole('textbox', { name: 'Time' }), '7..4');
    await user.click(screen.getByRole('button', { name: 'Other racer' }));
    await user.click(within(await screen.findByTestId('unsaved-entry')).getByRole('button', { name: 'Save' }));
    const asked = await screen.findByTestId('unsaved-entry');
    await waitFor(() => expect(asked).toHaveTextContent('14 · Ľuboš Horák, Lane A: 7..4 cannot be saved. Not a time: type seconds (5.21) or m:ss.xxx.'));
    expect(within(asked).getAllByRole('button').map((button) => button.textContent)).toEqual(['Stay', 'Discard']);
    await user.click(within(asked).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByTestId('unsaved-entry')).not.toBeInTheDocument());
    expect(screen.getByText('Not a time: type seconds (5.21) or m:ss.xxx.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Time' })).toHaveValue('7..4');
    expect(puts(calls)).toHaveLength(0);
  });

  it('asks in Slovak, naming the racer, the lane and the time', async () => {
    const calls = serve((url, init) => (init?.method === 'PUT' && url.startsWith('/api/racer/') ? { status: 200, body: horakRound(4, { time: 7400 }) } : undefined));
    const user = await openRacer('sk');
    await user.type(screen.getByRole('textbox', { name: 'Čas' }), '7,4');
    await user.click(screen.getByRole('button', { name: 'Iný pretekár' }));
    const asked = await screen.findByTestId('unsaved-entry');
    expect(screen.getByRole('dialog', { name: 'Ešte neuložené' })).toBeInTheDocument();
    expect(asked).toHaveTextContent('14 · Ľuboš Horák, Dráha A: 7,400 nie je uložené.');
    expect(within(asked).getAllByRole('button').map((button) => button.textContent)).toEqual(['Uložiť', 'Zahodiť', 'Zostať']);
    await user.click(within(asked).getByRole('button', { name: 'Uložiť' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(runOf(puts(calls)[0]?.body)).toEqual({ time: 7400, fall: false, falseStart: false, version: 2 });
  });
});
