import { afterAll, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { queryClient } from '../providers/queryClient';

// findBy* and waitFor give up after 1 s by default: with two test files at a time on two cores, or a busy machine,
// a react-admin screen can take longer than that to answer. A wait that is met still returns at once.
configure({ asyncUtilTimeout: 10_000 });
// The same for vitest's own vi.waitFor (1 s by default, no setting of its own): the offline queue's tests wait on
// retries with backoff, which took past a second on a busy machine (a fresh-clone run, load average 15).
const waitFor = vi.waitFor;
vi.waitFor = ((callback, options) =>
  waitFor(callback, typeof options === 'number' ? options : { timeout: 10_000, ...options })) as typeof vi.waitFor;

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
