import { afterAll, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { queryClient } from '../providers/queryClient';

// findBy* and waitFor give up after 1 s by default: with two test files at a time on two cores, or a busy machine,
// a react-admin screen can take longer than that to answer. A wait that is met still returns at once.
configure({ asyncUtilTimeout: 10_000 });

// The web project runs without isolation (vitest.config.ts): files share a worker's modules and document, so what a
// file leaves behind (a rendered screen, stubbed globals, cached queries, stored session) is undone before the next.
afterAll(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  queryClient.clear();
  localStorage.clear();
  sessionStorage.clear();
});
