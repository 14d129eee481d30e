import { getToken } from '../providers/token';
import type { QueueUser } from './owners';

/** Who signed in with which token, for the queue of every tab (localStorage is shared by the app's tabs). */
const KEY = 'insp-offline-queue-user';

/** The token's last characters (a JWT's signature): tells tokens apart without keeping a second copy of one. */
const mark = (token: string) => token.slice(-24);

/**
 * The user the app's requests go out as now: the one recorded with the token the app holds, else nobody. Bound to
 * the token, so a sign-out (the token removed) or another sign-in in any tab (another token) stops the sending at
 * once, also in a tab that still shows the previous user's screens.
 */
export function signedInUser(): QueueUser | null {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as { tokenMark: string; id: string; name: string } | null;
    const token = getToken();
    return saved && token && saved.tokenMark === mark(token) ? { id: saved.id, name: saved.name } : null;
  } catch {
    return null;
  }
}

/** Records the signed-in user for the token held now; true when that changed who the queue sends for. */
export function rememberSignedIn(user: QueueUser): boolean {
  const token = getToken();
  if (!token) return false;
  const now = signedInUser();
  if (now && now.id === user.id && now.name === user.name) return false;
  try {
    localStorage.setItem(KEY, JSON.stringify({ tokenMark: mark(token), id: user.id, name: user.name }));
  } catch {
    /* storage blocked: the queue then sends nothing, as it cannot tell whose sign-in the requests carry */
  }
  return true;
}
