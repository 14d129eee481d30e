import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CenteredMessage } from '../../components/CenteredMessage';
import { queryClient } from '../../providers/queryClient';
import { safeReturnTo } from '../../providers/returnTo';
import { deleteCookie, readCookie, setToken, TOKEN_COOKIE } from '../../providers/token';
import { trpc } from '../../providers/trpc';

/**
 * /auth/token: the single sign-on callback (spec 002 §2). The API left our token in a short-lived
 * Token cookie; keep it as the session token, drop the cookie, and go on to the page the user wanted.
 */
export function TokenPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return; // StrictMode runs effects twice; the cookie is gone after the first
    done.current = true;
    const token = readCookie(TOKEN_COOKIE);
    deleteCookie(TOKEN_COOKIE);
    if (!token) {
      navigate('/login', { replace: true, state: { reason: 'sign-in-failed' } });
      return;
    }
    setToken(token);
    queryClient.removeQueries({ queryKey: trpc.auth.session.queryKey() });
    navigate(safeReturnTo(params.get('returnTo')), { replace: true });
  }, [navigate, params]);

  return <CenteredMessage>Logging in...</CenteredMessage>;
}
