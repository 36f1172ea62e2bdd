import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GroupStepPreview } from '../../../components/ui/race-steps/race-step-preview';
import { renderWithProviders } from '../../../test/render-with-providers';
import { buildGroup, buildRace } from '../testing/build-race';
import { GroupStateButtons } from './race-state-buttons';

describe('group rows of race management', () => {
  it('count the racers who climb, not the registrations (the walkthrough saw "4 racers" while 2 climbed)', () => {
    renderWithProviders(
      <GroupStateButtons
        race={buildRace({
          state: 'QUALIFICATION_ONGOING',
          qualificationGroups: [
            buildGroup({ name: 'A', state: 'QUALIFICATION', racersCount: 4, climbingCount: 2, allowedStates: [] }),
            buildGroup({ id: 12, name: 'B', state: 'QUALIFICATION', racersCount: 3, climbingCount: 3, allowedStates: [] }),
          ],
        })}
      />,
    );
    expect(within(screen.getByTestId('group-A')).getByTestId('group-count')).toHaveTextContent('2 racers climb (4 registered)');
    expect(within(screen.getByTestId('group-B')).getByTestId('group-count')).toHaveTextContent(/^3 racers climb$/);
  });

  it('before the start say who would climb now, in Slovak too', () => {
    renderWithProviders(<GroupStateButtons race={buildRace({ qualificationGroups: [buildGroup({ racersCount: 5, climbingCount: 1 })] })} />, 'sk');
    expect(screen.getByTestId('group-count')).toHaveTextContent('bude liezť 1 pretekár (registrovaných: 5)');
  });
});

const cecilia = { registrationId: 31, racerNumber: 14, fullName: 'Cecília Ranná', group: 'B' };

/** The server: group 12's previews by target state (an Error: the call fails); every group step succeeds and answers the race. */
const stubServer = (previews: Record<string, GroupStepPreview | Error>) => {
  const race = buildRace();
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const match = /^\/api\/qualification-group\/12\/state-preview\?state=(\w+)$/.exec(url);
    if (match) {
      const answer = previews[match[1]!];
      if (answer instanceof Error) return Response.json({ error: { code: 'INTERNAL_SERVER_ERROR', message: 'boom' } }, { status: 500 });
      return answer ? Response.json(answer) : new Response(null, { status: 404 });
    }
    if (url === '/api/qualification-group/12/state' && init?.method === 'PUT') return Response.json(race);
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

const putCalls = (fetchMock: ReturnType<typeof stubServer>) => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');

const groupB = (state: 'OPEN_REGISTRATION' | 'READY_FOR_QUALIFICATION' | 'QUALIFICATION', allowedStates: ('READY_FOR_QUALIFICATION' | 'QUALIFICATION' | 'QUALIFICATION_CLOSED')[]) =>
  buildRace({ state: state === 'QUALIFICATION' ? 'QUALIFICATION_ONGOING' : 'OPEN_REGISTRATION', qualificationGroups: [buildGroup({ id: 12, name: 'B', state, racersCount: 3, climbingCount: 1, allowedStates })] });

const movePreview = (notCheckedIn: (typeof cecilia)[]): GroupStepPreview => ({
  groupId: 12,
  group: 'B',
  from: 'OPEN_REGISTRATION',
  to: 'READY_FOR_QUALIFICATION',
  checkIn: { checkInStarted: true, registered: 3, climbing: 3 - notCheckedIn.length - 1, notCheckedIn, withdrawn: 1 },
  closing: null,
});

describe('a group step forward: whom it leaves out, asked first (found in a race-day walkthrough)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('"Move to qualification" names the group\'s racers who are not checked in and takes the step only when confirmed', async () => {
    const fetchMock = stubServer({ READY_FOR_QUALIFICATION: movePreview([cecilia]) });
    const user = userEvent.setup();
    renderWithProviders(<GroupStateButtons race={groupB('OPEN_REGISTRATION', ['READY_FOR_QUALIFICATION'])} />);
    await user.click(screen.getByRole('button', { name: 'Move to qualification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(dialog).toHaveTextContent('Move group B to the qualification?');
    const checkIn = within(dialog).getByTestId('preview-check-in');
    expect(checkIn).toHaveTextContent('1 registered racer is not checked in');
    expect(checkIn).toHaveTextContent('They will not climb');
    expect(checkIn).toHaveTextContent('Group B (1): 14 Cecília Ranná');
    expect(checkIn).toHaveTextContent('1 racer climbs in the qualification. 1 registered racer withdrew (not present).');
    expect(putCalls(fetchMock)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(putCalls(fetchMock)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Move to qualification' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Move to qualification' }));
    await waitFor(() => expect(putCalls(fetchMock)).toHaveLength(1));
    expect(putCalls(fetchMock)[0]![1]!.body).toBe(JSON.stringify({ state: 'READY_FOR_QUALIFICATION' }));
  });

  it('takes the step at once when nobody is left out', async () => {
    const fetchMock = stubServer({ READY_FOR_QUALIFICATION: movePreview([]) });
    const user = userEvent.setup();
    renderWithProviders(<GroupStateButtons race={groupB('OPEN_REGISTRATION', ['READY_FOR_QUALIFICATION'])} />);
    await user.click(screen.getByRole('button', { name: 'Move to qualification' }));
    await waitFor(() => expect(putCalls(fetchMock)).toHaveLength(1));
    expect(fetchMock).toHaveBeenCalledWith('/api/qualification-group/12/state-preview?state=READY_FOR_QUALIFICATION', expect.anything());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closing a group with unfinished rounds says so in Slovak, and that its judges can still enter scores', async () => {
    const closing: GroupStepPreview = {
      groupId: 12,
      group: 'B',
      from: 'QUALIFICATION',
      to: 'QUALIFICATION_CLOSED',
      checkIn: null,
      closing: { stage: 'QUALIFICATION', unit: 'ROUNDS', total: 3, notFinished: 2, notStarted: 1, groups: [{ group: null, notFinished: 2, notStarted: 1 }], unfinishedRacers: [] },
    };
    const fetchMock = stubServer({ QUALIFICATION_CLOSED: closing });
    const user = userEvent.setup();
    renderWithProviders(<GroupStateButtons race={groupB('QUALIFICATION', ['QUALIFICATION_CLOSED'])} />, 'sk');
    await user.click(screen.getByRole('button', { name: 'Uzavrieť' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Uzavrieť skupinu B?');
    expect(within(dialog).getByTestId('preview-unfinished')).toHaveTextContent('Kvalifikácia');
    expect(dialog).toHaveTextContent('Rozhodcovia môžu jej výsledky zapisovať, kým sa kvalifikácia neuzavrie.');
    expect(putCalls(fetchMock)).toHaveLength(0);
  });

  it('a preview that cannot be read is said, and the step can still be taken', async () => {
    const fetchMock = stubServer({ QUALIFICATION: new Error('down') });
    const user = userEvent.setup();
    renderWithProviders(<GroupStateButtons race={groupB('READY_FOR_QUALIFICATION', ['QUALIFICATION'])} />);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('group-step-preview-failed')).toHaveTextContent('What this step does now could not be checked');
    await user.click(within(dialog).getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(putCalls(fetchMock)).toHaveLength(1));
  });

  it('a closed group\'s count is in the past tense', () => {
    renderWithProviders(<GroupStateButtons race={buildRace({ qualificationGroups: [buildGroup({ state: 'QUALIFICATION_CLOSED', racersCount: 14, climbingCount: 14, allowedStates: [] })] })} />);
    expect(screen.getByTestId('group-count')).toHaveTextContent(/^14 racers climbed$/);
  });
});
