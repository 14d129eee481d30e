/**
 * Rights levels and account flags (spec 000 §6, 001 §6, 002 §6).
 * The numeric values are the "group values" the old client compared against; keep them.
 */
export const Level = { None: 0, User: 1, Manager: 2, Admin: 3, Never: 5 } as const;
export type Level = (typeof Level)[keyof typeof Level];
export const levelName = (level: number): string =>
  (Object.entries(Level).find(([, v]) => v === level)?.[0] ?? 'None');

export const AccountFlags = ['Developer', 'CertificationManager', 'Rater'] as const;
export type AccountFlag = (typeof AccountFlags)[number];

/** Groups the identity provider may hand us for staff (also the debug-token groups, spec 002 §9). */
export const StaffGroups = ['manager', 'admin', 'audit', 'commission', 'inspection', 'mecu'] as const;
export type StaffGroup = (typeof StaffGroups)[number];

/**
 * Staff level from identity-provider groups: the highest group wins.
 * admin → Admin, manager → Manager, any working group (audit, commission, inspection, mecu) → User,
 * no known group → None (signed in, but sees nothing).
 */
export function staffLevelFromGroups(groups: readonly string[]): Level {
  const g = new Set(groups.map((x) => x.toLowerCase()));
  if (g.has('admin')) return Level.Admin;
  if (g.has('manager')) return Level.Manager;
  if (['audit', 'commission', 'inspection', 'mecu'].some((x) => g.has(x))) return Level.User;
  return Level.None;
}

/**
 * Distributor level from the user record: a distributor is a User, a distributor admin a Manager.
 * Route minimums for external users are compared against this (e.g. /InspectionPoints external Manager
 * admits distributor admins only; /Documents external Admin admits no distributor).
 */
export function distributorLevel(user: { distributorAdmin: boolean; expired: boolean }): Level {
  if (user.expired) return Level.None;
  return user.distributorAdmin ? Level.Manager : Level.User;
}

/** Who is calling, as every permission check sees it. */
export interface Actor {
  userId: string;
  email: string;
  kind: 'staff' | 'distributor';
  level: Level;
  flags: AccountFlag[];
  /** Distributor's company; null for staff. Repository queries scope distributor reads by it. */
  companyId: string | null;
  distributorAdmin: boolean;
}

/**
 * One permission rule: minimum level for staff (internal) and distributors (external),
 * flags that must also be held, and flags that grant access on their own.
 */
export interface Permission {
  internal: Level;
  external: Level;
  /** All of these must be held in addition to the level. */
  requireFlags?: AccountFlag[];
  /** Holding any one of these grants access whatever the level. */
  orFlags?: AccountFlag[];
  /** Only distributor admins (spec 002: Users page). */
  distributorAdminOnly?: boolean;
  /** Never a distributor, not even one whose record carries an `orFlags` flag. */
  staffOnly?: boolean;
}

export function isAllowed(
  rule: Permission,
  actor: Pick<Actor, 'kind' | 'level' | 'flags' | 'distributorAdmin'> | null | undefined,
): boolean {
  if (!actor) return false;
  if (rule.staffOnly && actor.kind !== 'staff') return false;
  if (rule.orFlags?.some((f) => actor.flags.includes(f))) return true;
  if (actor.level <= Level.None) return false;
  const min = actor.kind === 'staff' ? rule.internal : rule.external;
  if (min >= Level.Never || actor.level < min) return false;
  if (rule.requireFlags && !rule.requireFlags.every((f) => actor.flags.includes(f))) return false;
  if (rule.distributorAdminOnly && !(actor.kind === 'distributor' && actor.distributorAdmin)) return false;
  return true;
}
