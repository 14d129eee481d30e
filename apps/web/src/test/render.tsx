import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from '@mui/material/styles';
import { createMemoryRouter, MemoryRouter, Outlet, Route, RouterProvider, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { queryClient } from '../providers/queryClient';
import { theme } from '../theme';

/** Renders a page at a path, with the providers of App.tsx and a probe showing where navigation went. */
export function renderAt(path: string, routes: Array<{ path: string; element: ReactElement }>) {
  return render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            {routes.map((r) => (
              <Route key={r.path} path={r.path} element={r.element} />
            ))}
            <Route path="*" element={<Probe />} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

/**
 * Like `renderAt`, under a data router as App.tsx has: screens that ask before unsaved work is left behind need one
 * (react-router's blocker). The router is returned so a test can navigate as the app's links would.
 */
export function renderInDataRouter(path: string, routes: Array<{ path: string; element: ReactElement }>) {
  const router = createMemoryRouter(
    [{ element: <><Outlet /><LocationProbe /></>, children: [...routes, { path: '*', element: <Probe /> }] }],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <RouterProvider router={router} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...view, router };
}

function Probe() {
  return <div data-testid="elsewhere" />;
}

function LocationProbe() {
  const l = useLocation();
  return <div data-testid="location" data-state={JSON.stringify(l.state ?? null)}>{l.pathname + l.search}</div>;
}

type Reply = { data: unknown } | { error: { httpStatus: number; code: string; message: string; field?: string } };
type Handler = (input: unknown) => Reply;

const rpcCode: Record<string, number> = { BAD_REQUEST: -32600, UNAUTHORIZED: -32001, FORBIDDEN: -32003, TOO_MANY_REQUESTS: -32029, INTERNAL_SERVER_ERROR: -32603 };

/**
 * A fetch that answers tRPC batch calls (/trpc/a,b?batch=1) from handlers by procedure path,
 * /auth/config with the given company domain, and records every call.
 */
export function fakeApi(handlers: Record<string, Handler>, companyEmailDomain = 'company.example') {
  const calls: Array<{ path: string; input: unknown }> = [];
  const fetch = vi.fn(async (url: string | URL, init?: RequestInit) => {
    const u = new URL(String(url), 'http://localhost');
    if (u.pathname === '/auth/config') return Response.json({ companyEmailDomain, publicUrl: 'http://insp.example' });
    if (!u.pathname.startsWith('/trpc/')) return new Response('not found', { status: 404 });
    const paths = decodeURIComponent(u.pathname.slice('/trpc/'.length)).split(',');
    const inputs = init?.body ? JSON.parse(String(init.body)) : JSON.parse(u.searchParams.get('input') ?? '{}');
    const replies = paths.map((p, i) => {
      calls.push({ path: p, input: inputs[i] });
      const reply = handlers[p]?.(inputs[i]) ?? { error: { httpStatus: 404, code: 'NOT_FOUND', message: `No procedure ${p}` } };
      if ('data' in reply) return { result: { data: reply.data } };
      const { httpStatus, code, message, field } = reply.error;
      return { error: { message, code: rpcCode[code] ?? -32603, data: { code, httpStatus, path: p, field } } };
    });
    const only = replies.length === 1 ? replies[0] : undefined;
    const status = only && 'error' in only && only.error ? only.error.data.httpStatus : 200;
    return Response.json(replies, { status });
  });
  return { fetch, calls };
}
