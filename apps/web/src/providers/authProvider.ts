import type { AuthProvider } from 'react-admin';
import { clearToken, getToken } from './token';
import { queryClient } from './queryClient';
import { actorOf, sessionQuery } from './session';
import { callError } from '../lib/errors';

/**
 * react-admin's view of our session, for the resources that come next (their controllers call
 * checkAuth / checkError). Signing in happens on our own login screen, not through react-admin.
 */
export const authProvider: AuthProvider = {
  login: () => Promise.reject(new Error('Sign in on the login screen')),
  logout: () => {
    clearToken();
    return Promise.resolve('/login');
  },
  checkAuth: () => (getToken() ? Promise.resolve() : Promise.reject({ redirectTo: '/login' })),
  // spec 002 §4: a 401 clears the token and logs out; a 403 is a permission answer, not a logout
  checkError: (error: unknown) => {
    const status = (error as { status?: number })?.status ?? callError(error).status;
    if (status === 401) {
      clearToken();
      return Promise.reject({ redirectTo: '/login', message: 'Your session has ended. Please sign in again.' });
    }
    return Promise.resolve();
  },
  getIdentity: async () => {
    const session = await queryClient.fetchQuery(sessionQuery());
    return { id: session.user.id, fullName: session.user.name, email: session.user.email };
  },
  getPermissions: async () => actorOf(await queryClient.fetchQuery(sessionQuery())),
};
