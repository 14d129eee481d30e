/**
 * Issue 24: the plan types, their intervals and a plan's states. No zod here: My page's due list and its start link
 * need them on the first load (issue 23); plans.ts re-exports them.
 */

export const PlanTypes = ['Daily', 'Weekly', 'Monthly', 'Quarterly', 'Mid_Year', 'Annual'] as const;
export type PlanType = (typeof PlanTypes)[number];

/** The interval of each plan type, as PostgreSQL adds it to a date (a month from 31 January is 28 or 29 February). */
export const PLAN_INTERVALS: Record<PlanType, { days?: number; months?: number }> = {
  Daily: { days: 1 },
  Weekly: { days: 7 },
  Monthly: { months: 1 },
  Quarterly: { months: 3 },
  Mid_Year: { months: 6 },
  Annual: { months: 12 },
};

/**
 * Where a plan stands today, in its customer's time zone: `upcoming` (due later), `due` (due today or within the
 * grace period), `overdue` (past the due date and the grace period), `in_progress` (an inspection of the type was
 * started on the machine after the last finished one, whatever the dates).
 */
export const PlanStates = ['upcoming', 'due', 'overdue', 'in_progress'] as const;
export type PlanState = (typeof PlanStates)[number];
