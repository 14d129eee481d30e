import { lazy, Suspense, type ComponentType } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** What a screen shows while its code downloads (the first visit of a screen; later ones come from the cache). */
export function ScreenPending() {
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 4 }}>
      <CircularProgress size={24} thickness={4} aria-hidden />
      <Typography color="text.secondary">Loading screen…</Typography>
    </Box>
  );
}

/**
 * A screen whose code is its own chunk, downloaded when the screen is first shown (issue 23: the first screen a
 * person opens loads only its own code). The Suspense boundary is the screen's own: a boundary mounted by the
 * navigation shows its pending state at once, where the layout's boundary, already on screen, would keep the
 * previous screen up during react-router's transition with no sign that anything is happening.
 */
export function lazyScreen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): ComponentType {
  const Lazy = lazy<ComponentType>(() => load().then((m) => ({ default: m[name] })));
  function LazyScreen() {
    return (
      <Suspense fallback={<ScreenPending />}>
        <Lazy />
      </Suspense>
    );
  }
  LazyScreen.displayName = `Lazy(${name})`;
  return LazyScreen;
}

/** What a part of a screen shows while its code downloads: a line in the part's place, announced politely. */
export function PartPending() {
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 2 }}>
      <CircularProgress size={20} thickness={4} aria-hidden />
      <Typography color="text.secondary">Loading…</Typography>
    </Box>
  );
}

/**
 * A part of a screen whose code comes after the screen's first render (issue 23: My page's lists need react-admin's
 * list views, about 100 kB gzip, which its first screen can do without). `load` is a lazyChunk's: a test or a
 * screen may fetch it ahead. Props pass through.
 */
export function lazyPart<K extends string, P extends object>(load: () => Promise<Record<K, ComponentType<P>>>, name: K): ComponentType<P> {
  const Lazy = lazy<ComponentType<P>>(() => load().then((m) => ({ default: m[name] })));
  function LazyPart(props: P) {
    return (
      <Suspense fallback={<PartPending />}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  LazyPart.displayName = `Lazy(${name})`;
  return LazyPart;
}
