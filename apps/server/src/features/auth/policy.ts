import { DomainError, ERROR_CATALOGUE, type ErrorCode } from '@climbing/domain';

/**
 * The one place that decides who may do what (docs/permissions.md is this table in prose).
 * Handlers call `authorize(actor, action, resource)`; nothing else checks roles.
 *
 * A rule is a list of relations the actor must have to the resource. Relations are the spec's
 * roles made relative to the organization (or event) the resource belongs to: an ADMIN of club A
 * is only a USER towards club B.
 */
export const RELATIONS = ['VISITOR', 'USER', 'SELF', 'MEMBER', 'COACH', 'JUDGE', 'JUDGE_ACCOUNT', 'ADMIN', 'SUPER_ADMIN'] as const;
export type Relation = (typeof RELATIONS)[number];

/** The rights an actor brings from one organization membership (ACTIVE and not blocked only). */
export interface MembershipRights {
  orgAdmin: boolean;
  judge: boolean;
  coach: boolean;
}

export type Actor =
  | { kind: 'ANONYMOUS' }
  | { kind: 'USER'; userId: number; superAdmin: boolean; memberships: ReadonlyMap<number, MembershipRights> }
  | { kind: 'JUDGE_ACCOUNT'; judgeAccountId: number; eventId: number };

export const ANONYMOUS: Actor = { kind: 'ANONYMOUS' };

export interface Resource {
  /**
   * The organization(s) the resource belongs to. MEMBER, COACH, JUDGE and ADMIN hold when the actor
   * has that right in one of them; 'ANY' asks for the right in any organization (searching users).
   */
  organization?: number | readonly number[] | 'ANY';
  /** The user the resource is about (SELF). */
  userId?: number;
  /** The event the resource belongs to (JUDGE_ACCOUNT). */
  eventId?: number;
  /** A super admin can only be managed by a super admin, never by an organization admin. */
  targetIsSuperAdmin?: boolean;
}

const ADMINS: readonly Relation[] = ['ADMIN', 'SUPER_ADMIN'];

export const POLICY = {
  // Accounts (this issue)
  'user:register': ['VISITOR'],
  'user:reset-password': ['VISITOR'],
  'user:confirm-email': ['VISITOR'],
  'user:send-message': ['VISITOR'],
  'user:read-own': ['USER'],
  'user:update-own': ['USER'],
  'user:read': ['SELF', ...ADMINS],
  'user:read-private': ['SELF', 'SUPER_ADMIN'],
  'user:search': ADMINS,
  'user:list-non-members': ADMINS,
  // An account is its owner's: an organization blocks or removes a membership, never the account.
  'user:activate': ['SUPER_ADMIN'],
  'user:deactivate': ['SELF', 'SUPER_ADMIN'],
  'user:delete': ['SELF', 'SUPER_ADMIN'],
  'file:read': ['VISITOR'],
  'country:read': ['VISITOR'],
  // Organizations
  'organization:read': ['VISITOR'],
  'organization:read-inactive': ['MEMBER', ...ADMINS],
  'organization:create': ['USER'],
  'organization:update': ADMINS,
  'organization:read-settings': ADMINS,
  'organization:activate': ['SUPER_ADMIN'],
  'organization:deactivate': ['SUPER_ADMIN'],
  'organization:list-all': ['SUPER_ADMIN'],
  'mail:read-outbox': ['SUPER_ADMIN'],
  'organization:apply': ['USER'],
  'organization:leave': ['USER'],
  'category:read': ['VISITOR'],
  'category:manage': ADMINS,
  // Members and invitations
  'member:list': ['COACH', ...ADMINS],
  'member:manage': ADMINS,
  'invitation:manage': ADMINS,
  'invitation:accept': ['VISITOR'],
  'judge-account:manage': ADMINS,
  // Later issues: events, races, registrations, scoring, cups
  'event:read-public': ['VISITOR'],
  'event:read-internal': ['MEMBER', 'JUDGE_ACCOUNT', ...ADMINS],
  'event:read-hidden': ['JUDGE_ACCOUNT', ...ADMINS],
  'event:manage': ADMINS,
  'race:manage': ADMINS,
  'race-registration:register-self': ['USER'],
  'race-registration:register-unregistered': ['VISITOR'],
  'race-registration:register-member': ['COACH', ...ADMINS],
  'race-registration:read-own': ['SELF', ...ADMINS],
  'race-registration:unregister-own': ['SELF', ...ADMINS],
  'race-registration:confirm-own': ['SELF', ...ADMINS],
  'race-registration:manage': ADMINS,
  'score:read': ['VISITOR'],
  'score:enter': ['JUDGE', 'JUDGE_ACCOUNT', ...ADMINS],
  'round:change-state': ['JUDGE', 'JUDGE_ACCOUNT', ...ADMINS],
  'cup:read-public': ['VISITOR'],
  'cup:read-internal': ['MEMBER', ...ADMINS],
  'cup:manage': ADMINS,
} as const satisfies Record<string, readonly Relation[]>;

export type Action = keyof typeof POLICY;
export const ACTIONS = Object.keys(POLICY) as Action[];

function organizationIds(resource: Resource): readonly number[] | 'ANY' {
  if (resource.organization === undefined) return [];
  if (resource.organization === 'ANY') return 'ANY';
  return typeof resource.organization === 'number' ? [resource.organization] : resource.organization;
}

function hasRight(actor: Extract<Actor, { kind: 'USER' }>, resource: Resource, right: (rights: MembershipRights) => boolean): boolean {
  const scope = organizationIds(resource);
  if (scope === 'ANY') return [...actor.memberships.values()].some(right);
  return scope.some((organizationId) => {
    const rights = actor.memberships.get(organizationId);
    return rights !== undefined && right(rights);
  });
}

/** Every relation the actor has to the resource. */
export function relationsOf(actor: Actor, resource: Resource = {}): Set<Relation> {
  const relations = new Set<Relation>(['VISITOR']);
  if (actor.kind === 'JUDGE_ACCOUNT') {
    if (resource.eventId !== undefined && resource.eventId === actor.eventId) relations.add('JUDGE_ACCOUNT');
    return relations;
  }
  if (actor.kind !== 'USER') return relations;
  relations.add('USER');
  if (resource.userId !== undefined && resource.userId === actor.userId) relations.add('SELF');
  if (hasRight(actor, resource, () => true)) relations.add('MEMBER');
  if (hasRight(actor, resource, (rights) => rights.coach)) relations.add('COACH');
  if (hasRight(actor, resource, (rights) => rights.judge)) relations.add('JUDGE');
  if (!resource.targetIsSuperAdmin && hasRight(actor, resource, (rights) => rights.orgAdmin)) relations.add('ADMIN');
  if (actor.superAdmin) relations.add('SUPER_ADMIN');
  return relations;
}

export function can(actor: Actor, action: Action, resource: Resource = {}): boolean {
  const relations = relationsOf(actor, resource);
  return POLICY[action].some((relation: Relation) => relations.has(relation));
}

/**
 * Throws when the actor may not do the action: MISSING_TOKEN for an anonymous caller of a call that
 * needs an account, otherwise NO_RIGHTS (or the more specific code the caller names). A not-found
 * code is answered to everyone alike, so hidden things do not reveal that they exist.
 */
export function authorize(actor: Actor, action: Action, resource: Resource = {}, deniedCode: ErrorCode = 'NO_RIGHTS'): void {
  if (can(actor, action, resource)) return;
  const hides = ERROR_CATALOGUE[deniedCode].status === 404;
  throw new DomainError(actor.kind === 'ANONYMOUS' && !hides ? 'MISSING_TOKEN' : deniedCode);
}
