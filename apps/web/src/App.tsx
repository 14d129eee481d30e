import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Route, RouterProvider, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { theme } from './theme';
import { queryClient } from './providers/queryClient';
import { RequireToken, SessionProvider } from './providers/session';
import { CenteredMessage } from './components/CenteredMessage';
import { useUpdateState } from './pwa/update';

/** Lazy page from a named export: each public page is its own small chunk. */
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

const LoginPage = page(() => import('./pages/login/LoginPage'), 'LoginPage');
const TokenPage = page(() => import('./pages/auth-token/TokenPage'), 'TokenPage');
const LogoutPage = page(() => import('./pages/auth-logout/LogoutPage'), 'LogoutPage');
const SetPasswordPage = page(() => import('./pages/set-password/SetPasswordPage'), 'SetPasswordPage');
const ForgotPasswordPage = page(() => import('./pages/forgot-password/ForgotPasswordPage'), 'ForgotPasswordPage');
const PublicNotFoundPage = page(() => import('./pages/not-found/NotFoundPage'), 'PublicNotFoundPage');
// react-admin and every signed-in screen: downloaded only once there is a token (PLATFORM.md bundle note).
const AdminApp = page(() => import('./AdminApp'), 'AdminApp');
// shown only while a new version waits (pwa/update.ts), so its code is not part of the first load
const UpdateNotice = page(() => import('./pwa/UpdateNotice'), 'UpdateNotice');

/**
 * A data router around the whole app: react-router's navigation blocker (the report edit form's 'You have unsaved
 * data…', 000 §2.8) works only under one. Its single splat route renders the route tree below as before.
 */
export function App() {
  const [router] = useState(() => createBrowserRouter([{ path: '*', element: <AppRoutes /> }]));
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <RouterProvider router={router} />
        <PendingUpdate />
      </ThemeProvider>
    </QueryClientProvider>
  );
}

/**
 * Public routes first (no token, no session load: spec 002 §2 General); everything else needs a
 * token (else → /login?returnTo=…) and the session ('Authorizing.....' while it loads).
 */
function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<Public><LoginPage /></Public>} />
      <Route path="/auth/token" element={<Public><TokenPage /></Public>} />
      <Route path="/auth/logout" element={<Public><LogoutPage /></Public>} />
      <Route path="/nosession/SetPassword" element={<Public><SetPasswordPage /></Public>} />
      <Route path="/nosession/ForgotPassword" element={<Public><ForgotPasswordPage /></Public>} />
      <Route path="/nosession/*" element={<Public><PublicNotFoundPage /></Public>} />
      <Route path="/auth/*" element={<Public><PublicNotFoundPage /></Public>} />
      <Route
        path="/*"
        element={
          <RequireToken>
            <SessionProvider>
              <Suspense fallback={<CenteredMessage>Authorizing.....</CenteredMessage>}>
                <AdminApp />
              </Suspense>
            </SessionProvider>
          </RequireToken>
        }
      />
    </Routes>
  );
}

function PendingUpdate() {
  const { waiting } = useUpdateState();
  return waiting ? (
    <Suspense fallback={null}>
      <UpdateNotice />
    </Suspense>
  ) : null;
}

function Public({ children }: { children: ReactNode }) {
  return <Suspense fallback={<CenteredMessage>Loading...</CenteredMessage>}>{children}</Suspense>;
}
