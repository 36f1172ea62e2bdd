import { DomainError } from '../errors/domain-error.ts';
import type { QualificationGroupState } from '../model/enums.ts';

export const GROUP_ACTIONS = ['MOVE_TO_QUALIFICATION', 'START', 'CLOSE', 'REOPEN'] as const;
export type GroupAction = (typeof GROUP_ACTIONS)[number];

/**
 * Throws GROUP_HAS_RESULTS when the group has results: reopening it for registration would orphan
 * them, so they must be deleted first (spec section 4). Returns true otherwise.
 */
export const canReopenGroup = ({ hasResults }: { hasResults: boolean }): true => {
  if (hasResults) throw new DomainError('GROUP_HAS_RESULTS');
  return true;
};

/*
 * MOVE_TO_QUALIFICATION turns the group's registrations into racers with a start list; START and
 * CLOSE run the climbing. REOPEN steps one state back: a closed group goes back to running (for
 * corrections, results kept), a ready or running group goes back to registration, which needs the
 * group to have no results.
 */
const TABLE: Record<QualificationGroupState, Partial<Record<GroupAction, QualificationGroupState>>> = {
  OPEN_REGISTRATION: { MOVE_TO_QUALIFICATION: 'READY_FOR_QUALIFICATION' },
  READY_FOR_QUALIFICATION: { START: 'QUALIFICATION', REOPEN: 'OPEN_REGISTRATION' },
  QUALIFICATION: { CLOSE: 'QUALIFICATION_CLOSED', REOPEN: 'OPEN_REGISTRATION' },
  QUALIFICATION_CLOSED: { REOPEN: 'QUALIFICATION' },
};

export const allowedGroupActions = (state: QualificationGroupState): GroupAction[] =>
  GROUP_ACTIONS.filter((action) => TABLE[state][action] !== undefined);

/**
 * The group state after `action`. Throws INVALID_RACE_STATE_UPDATE for an action the state does
 * not allow (the catalogue has no dedicated group-transition code; a group state is part of the
 * race state) and GROUP_HAS_RESULTS when reopening registration of a group with results.
 */
export const groupTransition = (
  state: QualificationGroupState,
  action: GroupAction,
  context: { hasResults: boolean } = { hasResults: false },
): QualificationGroupState => {
  const next = TABLE[state][action];
  if (next === undefined) throw new DomainError('INVALID_RACE_STATE_UPDATE', { details: { state, action } });
  if (next === 'OPEN_REGISTRATION') canReopenGroup(context);
  return next;
};
