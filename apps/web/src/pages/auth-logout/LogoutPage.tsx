import { useEffect, useRef } from 'react';
import { CenteredMessage } from '../../components/CenteredMessage';
import { queryClient } from '../../providers/queryClient';
import { clearToken, getToken } from '../../providers/token';
import { trpcClient } from '../../providers/trpc';
import { goTo } from '../../lib/browser';

/** Spec 002 §9: logout redirect delay. */
export const LOGOUT_DELAY_MS = 300;

/**
 * /auth/logout (spec 002 §2): revoke the token on the server, forget it here, then after 300 ms leave
 * for the identity provider's logout (staff) or '/' (distributors), as the server answers.
 */
export function LogoutPage() {
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice; revoke once
    started.current = true;
    const revoke = getToken() ? trpcClient.auth.logout.mutate() : Promise.resolve({ redirectTo: '/' });
    revoke
      .catch(() => ({ redirectTo: '/' })) // the token is forgotten here whatever the server said
      .then(async ({ redirectTo }) => {
        clearToken();
        queryClient.clear();
        // Issue 23: what was kept for reading offline is this user's (a shared tablet); writes still waiting stay.
        await import('../../offline-available/forget').then((m) => m.forgetStoredData()).catch(() => undefined);
        setTimeout(() => goTo(redirectTo || '/'), LOGOUT_DELAY_MS);
      });
  }, []);

  return <CenteredMessage>Logging out...</CenteredMessage>;
}
