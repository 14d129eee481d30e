import { afterAll, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { __unsafe_useEmotionCache, type EmotionCache } from '@emotion/react';
import { queryClient } from '../providers/queryClient';

// findBy* and waitFor give up after 1 s by default: with two test files at a time on two cores, or a busy machine,
// a react-admin screen can take longer than that to answer. A wait that is met still returns at once.
configure({ asyncUtilTimeout: 10_000 });
// The same for vitest's own vi.waitFor (1 s by default, no setting of its own): the offline queue's tests wait on
// retries with backoff, which took past a second on a busy machine (a fresh-clone run, load average 15).
const waitFor = vi.waitFor;
vi.waitFor = ((callback, options) =>
  waitFor(callback, typeof options === 'number' ? options : { timeout: 10_000, ...options })) as typeof vi.waitFor;

// Emotion's default cache, the one MUI's styles go into (read once through its hook; the worker keeps the module).
let emotionCache: EmotionCache | null = null;
renderToStaticMarkup(
  createElement(() => {
    emotionCache = __unsafe_useEmotionCache();
    return null;
  }),
);

// The web project runs without isolation (vitest.config.ts): files share a worker's modules and document, so what a
// file leaves behind (a rendered screen, stubbed globals, cached queries, stored session) is undone before the next.
afterAll(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  queryClient.clear();
  localStorage.clear();
  sessionStorage.clear();
  // The style rules this file's screens added go with them, and emotion forgets it inserted them, so the next file's
  // screens add their own again. Left in place, a worker's document piled up 600-950 <style> rules from every file it
  // ran, and happy-dom matches each of them against an element and its ancestors on every getComputedStyle (role and
  // name queries, MUI's multiline fields): the web project took 213 CPU-seconds with them and 140 without (issue 18).
  if (emotionCache) {
    emotionCache.sheet.flush();
    for (const name of Object.keys(emotionCache.inserted)) delete emotionCache.inserted[name];
  }
});
