import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import type { Actor, Level, TSession } from '@insp/contracts';
import { trpc } from './trpc';
import { clearToken, getToken } from './token';
import { loginPath } from './returnTo';
import { callError, isNetworkError } from '../lib/errors';
import { CenteredMessage } from '../components/CenteredMessage';

/** What permission checks need about the signed-in user (isAllowed from contracts). */
export type ShellActor = Pick<Actor, 'kind' | 'level' | 'flags' | 'distributorAdmin'>;

export function actorOf(session: TSession): ShellActor {
  return {
    kind: session.user.externalUser ? 'distributor' : 'staff',
    level: session.level as Level,
    flags: session.flags,
    distributorAdmin: session.user.externalUserDistributorAdmin,
  };
}

export interface SessionValue {
  session: TSession;
  actor: ShellActor;
}

export const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession() outside <SessionProvider>');
  return value;
}

/** Why the login screen was shown instead of the page (location state of /login). */
export type LoginReason = 'expired' | 'session-failed' | 'sign-in-failed';

/**
 * Without a token every page but the public ones goes to the login screen, remembering where it was.
 * A failed single sign-on comes back as /?loginError=<code>; the login screen explains the code.
 */
export function RequireToken({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (getToken()) return children;
  const loginError = new URLSearchParams(location.search).get('loginError');
  if (loginError) return <Navigate to={`/login?loginError=${encodeURIComponent(loginError)}`} replace />;
  return <Navigate to={loginPath(location.pathname + location.search + location.hash)} replace />;
}

export const sessionQuery = () => {
  const options = trpc.auth.session.queryOptions();
  const load = options.queryFn!;
  return {
    ...options,
    // Without a network (issue 23: the installed app opens offline) the last session this token loaded stands in, for
    // the shell and react-admin alike; it is asked again on reconnect, and the server decides every call it answers.
    queryFn: async (ctx: Parameters<typeof load>[0]) => {
      try {
        return await load(ctx);
      } catch (e) {
        const saved = isNetworkError(callError(e)) ? savedSession() : null;
        if (saved) return saved;
        throw e;
      }
    },
    staleTime: 5 * 60_000,
    // a 401 is an answer, not a hiccup: do not retry it
    retry: (failures: number, err: unknown) => callError(err).status !== 401 && failures < 1,
  };
};

/**
 * Loads the session (user, level, flags) once for the shell. While it loads: 'Authorizing.....'
 * (spec 000 §8). A 401 clears the token and logs out (002 §4); any other failure renders the app
 * unauthenticated, which leads to the login screen (000 §8).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const query = useQuery(sessionQuery());
  useEffect(() => {
    if (query.data) saveSession(query.data);
  }, [query.data]);
  if (query.isPending) return <CenteredMessage>Authorizing.....</CenteredMessage>;
  if (query.isError) return <SessionFailed unauthorized={callError(query.error).status === 401} />;
  return <SessionContext.Provider value={{ session: query.data, actor: actorOf(query.data) }}>{children}</SessionContext.Provider>;
}

const SESSION_KEY = 'session'; // the last session loaded, with the token it was loaded for

function saveSession(session: TSession) {
  try {
    localStorage.setItem(SESSION_KEY, JSON.stringify({ token: getToken(), session }));
  } catch {
    /* storage full or blocked: no offline start */
  }
}

/** The saved session, only when it was loaded with the token the app holds now (another sign-in's never stands in). */
export function savedSession(): TSession | null {
  try {
    const saved = JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null') as { token: string | null; session: TSession } | null;
    const token = getToken();
    return saved && token && saved.token === token ? saved.session : null;
  } catch {
    return null;
  }
}

function SessionFailed({ unauthorized }: { unauthorized: boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (unauthorized) clearToken();
    const reason: LoginReason = unauthorized ? 'expired' : 'session-failed';
    navigate(loginPath(location.pathname + location.search + location.hash), { replace: true, state: { reason } });
  }, [unauthorized, navigate, location]);
  return <CenteredMessage>Authorizing.....</CenteredMessage>;
}
