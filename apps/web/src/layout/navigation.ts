import { isAllowed, Level, navItems, type RouteEntry } from '@insp/contracts';
import type { ShellActor } from '../providers/session';

/**
 * Top navigation for this actor (spec 000 §2.1, 002 §2): each item only if its permission is met,
 * and none at all while the rights level is 0 (even flag-granted ones such as Web logs).
 */
export function visibleNavItems(actor: ShellActor | null | undefined): RouteEntry[] {
  if (!actor || actor.level <= Level.None) return [];
  return navItems.filter((item) => isAllowed(item.permission, actor));
}
