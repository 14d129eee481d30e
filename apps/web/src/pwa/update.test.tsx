import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, fireEvent } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '../theme';
import { createUpdateController, type ServiceWorkerHandle } from './update';
import { UpdateNotice, READY, READY_AFTER_SENDING } from './UpdateNotice';
import { BACKGROUND_COLOR, THEME_COLOR } from './manifest';

/** A service worker as workbox-window reports it: the test fires its events. */
function fakeWorker() {
  const listeners: Record<string, ((e: { isUpdate?: boolean }) => void)[]> = {};
  const sw = {
    addEventListener: (type: string, fn: (e: { isUpdate?: boolean }) => void) => void (listeners[type] ??= []).push(fn),
    register: vi.fn(async () => undefined),
    update: vi.fn(async () => undefined),
    messageSkipWaiting: vi.fn(),
    fire: (type: string, e: { isUpdate?: boolean } = {}) => listeners[type]?.forEach((fn) => fn(e)),
  };
  return sw as ServiceWorkerHandle & typeof sw;
}

async function setUp(pending?: () => Promise<number>) {
  const reload = vi.fn();
  const controller = createUpdateController({ reload, recountMs: 50, checkMs: 0 });
  made.push(controller);
  if (pending) controller.setPendingWritesSource(pending);
  const sw = fakeWorker();
  await controller.register(sw);
  return { controller, sw, reload };
}

const flush = () => act(() => new Promise((r) => setTimeout(r, 0)));

const made: ReturnType<typeof createUpdateController>[] = [];
afterEach(() => {
  cleanup();
  for (const c of made.splice(0)) c.stop();
});

describe('the update rule (a new version never strands queued writes)', () => {
  it('counts no pending writes until the queue gives its source, and then installs on request and reloads once in control', async () => {
    const { controller, sw, reload } = await setUp();
    sw.fire('waiting');
    await flush();
    expect(controller.getState()).toEqual({ waiting: true, pendingWrites: 0 });
    expect(await controller.applyUpdate()).toBe(true);
    expect(sw.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    sw.fire('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not install while writes wait to be sent, and does once the queue is empty', async () => {
    let pending = 2;
    const { controller, sw } = await setUp(async () => pending);
    sw.fire('waiting');
    await flush();
    expect(controller.getState().pendingWrites).toBe(2);
    expect(await controller.applyUpdate()).toBe(false);
    expect(sw.messageSkipWaiting).not.toHaveBeenCalled();
    pending = 0;
    await act(() => new Promise((r) => setTimeout(r, 120))); // the periodic recount sees the queue emptied
    expect(controller.getState().pendingWrites).toBe(0);
    expect(await controller.applyUpdate()).toBe(true);
    expect(sw.messageSkipWaiting).toHaveBeenCalledTimes(1);
  });

  it('counts again at the moment of installing: a write queued since the notice was drawn keeps the old version', async () => {
    let pending = 0;
    const { controller, sw } = await setUp(async () => pending);
    sw.fire('waiting');
    await flush();
    pending = 1;
    expect(await controller.applyUpdate()).toBe(false);
    expect(sw.messageSkipWaiting).not.toHaveBeenCalled();
    expect(controller.getState().pendingWrites).toBe(1);
  });

  it('treats a count it cannot read as work waiting (never installs over unknown writes)', async () => {
    const { controller, sw } = await setUp(async () => {
      throw new Error('IndexedDB unavailable');
    });
    sw.fire('waiting');
    await flush();
    expect(controller.getState().pendingWrites).toBe(1);
    expect(await controller.applyUpdate()).toBe(false);
  });

  it('does not reload when a worker takes control it was not asked to (first install, another tab)', async () => {
    const { sw, reload } = await setUp();
    sw.fire('controlling', { isUpdate: false });
    sw.fire('controlling', { isUpdate: true });
    expect(reload).not.toHaveBeenCalled();
  });

  it('does nothing when no update waits', async () => {
    const { controller, sw } = await setUp();
    expect(await controller.applyUpdate()).toBe(false);
    expect(sw.messageSkipWaiting).not.toHaveBeenCalled();
  });
});

describe('UpdateNotice', () => {
  const show = (controller: ReturnType<typeof createUpdateController>) =>
    render(
      <ThemeProvider theme={theme}>
        <UpdateNotice controller={controller} />
      </ThemeProvider>,
    );

  it('shows nothing while no new version waits', async () => {
    const { controller } = await setUp();
    show(controller);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("says the new version is installed when everything is sent, without a button, while writes wait", async () => {
    let pending = 3;
    const { controller, sw } = await setUp(async () => pending);
    show(controller);
    act(() => sw.fire('waiting'));
    expect(await screen.findByText(READY_AFTER_SENDING)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
    pending = 0;
    controller.pendingWritesChanged(); // the queue reports it sent everything
    expect(await screen.findByText(READY)).toBeTruthy();
  });

  it("offers 'Reload' when nothing waits to be sent; pressing it activates the new version", async () => {
    const { controller, sw } = await setUp();
    show(controller);
    act(() => sw.fire('waiting'));
    expect(screen.getByRole('status').textContent).toContain(READY);
    fireEvent.click(await screen.findByRole('button', { name: 'Reload' }));
    await flush();
    expect(sw.messageSkipWaiting).toHaveBeenCalledTimes(1);
  });
});

describe('the web app manifest', () => {
  it("uses the theme's primary and background colours", () => {
    expect(THEME_COLOR).toBe(theme.palette.primary.main);
    expect(BACKGROUND_COLOR).toBe(theme.palette.background.default);
  });
});
