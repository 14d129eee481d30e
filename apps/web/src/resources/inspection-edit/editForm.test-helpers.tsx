import type { ReactElement } from 'react';
import { fakeAuditWrites } from '../../inspection-writes/auditWrites.test-helpers';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from '@mui/material/styles';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import type { TInspectionEdit } from '@insp/contracts';
import { InspectionWritesProvider, type InspectionWrites } from '../../inspection-writes';
import { queryClient } from '../../providers/queryClient';
import { theme } from '../../theme';

/** A write module that records every call and answers as the server would (the saved inspection echoed). */
export function fakeWrites(loaded: TInspectionEdit, over: Partial<InspectionWrites> = {}) {
  let n = 0;
  type W = InspectionWrites;
  return {
    uploadPhoto: vi.fn<W['uploadPhoto']>(over.uploadPhoto ?? (async () => ({ id: `00000000-0000-4000-9000-${String(++n).padStart(12, '0')}` }))),
    uploadVoiceComment: vi.fn<W['uploadVoiceComment']>(over.uploadVoiceComment ?? (async () => ({ id: `00000000-0000-4000-9100-${String(++n).padStart(12, '0')}` }))),
    saveResults: vi.fn<W['saveResults']>(over.saveResults ?? (async () => ({ results: [] }))),
    saveInspection: vi.fn<W['saveInspection']>(over.saveInspection ?? (async () => loaded)),
    finish: vi.fn<W['finish']>(over.finish ?? (async () => ({ id: loaded.id, status: loaded.status, finished: true, ended: null }))),
    createInspection: vi.fn<W['createInspection']>(over.createInspection ?? (async () => loaded)),
    discardInspection: vi.fn<W['discardInspection']>(over.discardInspection ?? (async (id) => ({ id }))),
    ...fakeAuditWrites(over),
  };
}

function Where() {
  const l = useLocation();
  return <div data-testid="location">{l.pathname + l.search}</div>;
}

/** Renders a screen at `path` under a data router (the unsaved-data blocker needs one) with the write module given. */
export function renderWithWrites(path: string, routePath: string, element: ReactElement, writes: InspectionWrites) {
  const router = createMemoryRouter(
    [
      { path: routePath, element: <>{element}<Where /></> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <InspectionWritesProvider writes={writes}>
          <RouterProvider router={router} />
        </InspectionWritesProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...view, router };
}
