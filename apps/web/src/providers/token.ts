/**
 * The session token (our bearer token). Kept in localStorage so it survives reloads and new tabs
 * (spec 002 §4: "a session token is saved"); removed on logout and on a 401 from the session call.
 */
export const TOKEN_KEY = 'token';

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null; // storage blocked (privacy mode): behave as signed out
  }
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem('session'); // providers/session.tsx's saved session (offline start) goes with its token
  } catch {
    /* nothing stored */
  }
}

/** The staff sign-in callback leaves our token in a short-lived, non-httpOnly cookie named Token. */
export const TOKEN_COOKIE = 'Token';

export function readCookie(name: string, cookies = document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return null;
}

/** Deletes the cookie for the paths the server may have set it on. */
export function deleteCookie(name: string): void {
  for (const path of ['/', '/auth', '/auth/']) {
    document.cookie = `${name}=; Max-Age=0; path=${path}; SameSite=Lax`;
  }
}
