import {
  nextRaceAction,
  otherRaceActions,
  raceStageOf,
  raceTransition,
  stageClosedBy,
  type RaceAction,
  type RaceFormat,
  type RaceState,
} from '@climbing/domain';

/**
 * One step of race management (issue 10, item 7): the domain's action with the words the organiser
 * reads. `label` says what the button does ("Start the final"), `does` the sentence under it (what
 * closes, what starts), both locale keys under `raceSteps`. The server takes the target state
 * (`PUT /api/race/{id}/state`) and does every group and round change of the step in one
 * transaction, so each step is one call.
 */
export interface RaceStep {
  action: RaceAction;
  target: RaceState;
  label: string;
  does: string;
  /** Closes a stage, goes back or hides: asked before it is sent. */
  confirm: boolean;
  /** Takes something away (later stage rounds, registrations' racers): a red button in the confirmation. */
  destructive: boolean;
  /**
   * Read the step's preview (GET /api/race/{id}/state-preview) before it is sent: a step that closes
   * a stage (unfinished rounds, judges' devices still holding entries, who advances), the start
   * of the qualification (who is not checked in and will not climb) and a step back to an earlier
   * stage (refused, as the step would be, once a later stage has started).
   */
  preview: boolean;
}

const stageKey = (state: RaceState): string => raceStageOf(state) ?? 'NONE';

/** The key suffix that tells the variants of an action apart by what the step closes or reopens. */
const variantOf = (state: RaceState, action: RaceAction, target: RaceState): string => {
  switch (action) {
    case 'START_RACE':
      return state === 'OPEN_REGISTRATION' ? 'START_RACE_FROM_REGISTRATION' : 'START_RACE';
    case 'START_SEMIFINAL':
    case 'START_FINAL': {
      const closed = stageClosedBy(state, action);
      return closed === null ? action : `${action}_AFTER_${closed}`;
    }
    case 'END_RACE':
      return `END_RACE_AFTER_${stageClosedBy(state, action) ?? 'FINAL'}`;
    case 'CLOSE_STAGE':
      return `CLOSE_STAGE_${stageKey(state)}`;
    case 'REOPEN_STAGE':
      return `REOPEN_STAGE_${stageKey(target)}`;
    default:
      return action;
  }
};

const CONFIRMED: readonly RaceAction[] = ['HIDE', 'REOPEN_REGISTRATION', 'REOPEN_STAGE', 'CLOSE_STAGE', 'END_RACE', 'REOPEN_RACE'];
const DESTRUCTIVE: readonly RaceAction[] = ['REOPEN_REGISTRATION', 'REOPEN_STAGE'];

/** The step `action` from `state`; throws INVALID_RACE_STATE_UPDATE (the domain's) when it is not allowed now. */
export const raceStep = (state: RaceState, format: RaceFormat, action: RaceAction): RaceStep => {
  const target = raceTransition(state, action, format);
  const variant = variantOf(state, action, target);
  const label = action === 'CLOSE_STAGE' || action === 'REOPEN_STAGE' ? variant : action;
  return {
    action,
    target,
    label: `raceSteps.label.${label}`,
    does: `raceSteps.does.${variant}`,
    confirm: CONFIRMED.includes(action) || stageClosedBy(state, action) !== null,
    destructive: DESTRUCTIVE.includes(action),
    preview: action === 'START_RACE' || action === 'REOPEN_STAGE' || stageClosedBy(state, action) !== null,
  };
};

/** The one prominent next step, or null once the race is finished. */
export const nextRaceStep = (state: RaceState, format: RaceFormat): RaceStep | null => {
  const action = nextRaceAction(state, format);
  return action === null ? null : raceStep(state, format, action);
};

/** The less common steps (going back, skipping, hiding), for the "More actions" menu. */
export const otherRaceSteps = (state: RaceState, format: RaceFormat): RaceStep[] =>
  otherRaceActions(state, format).map((action) => raceStep(state, format, action));

/** The key of the sentence that says where the race is now. */
export const raceNowKey = (state: RaceState): string => `raceSteps.now.${state}`;

/** What the preview of a step says about asking first, as far as it matters here. */
export interface PreviewOutcome {
  /** The preview could not be read: the step is asked, saying so. */
  failed: boolean;
  /** Registered racers not checked in (starting the qualification): they will not climb. */
  notCheckedIn: number;
}

/**
 * Whether the step is asked before it is sent: every step that closes a stage or goes back; the
 * start of the qualification only when someone registered is not checked in (and will not
 * climb) or when that could not be checked.
 */
export const asksFirst = (step: RaceStep, outcome: PreviewOutcome | null): boolean =>
  step.confirm || (step.preview && outcome !== null && (outcome.failed || outcome.notCheckedIn > 0));
