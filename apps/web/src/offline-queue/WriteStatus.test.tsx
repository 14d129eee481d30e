import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { directWrites, InspectionWritesProvider } from '../inspection-writes';
import { AuditEditingContext } from '../resources/audit-editor/context';
import { AutosaveText } from '../resources/audit-editor/Comments';
import type { WriteQueue } from './queue';
import { fakeTransport, freshName, httpError, makeQueue, netError, testSession } from './queue.fixtures.test-helpers';
import { QueueContext } from './useQueue';
import { StorageWarning } from './StorageWarning';
import { WaitingBadge } from './WaitingBadge';
import { WriteStatus } from './WriteStatus';
import { queuedWrites } from './writes';

const AUDIT = '00000000-0000-4000-8000-0000000000a1';
const queues: WriteQueue[] = [];
afterEach(() => {
  cleanup();
  for (const q of queues.splice(0)) q.stop();
});

/** A server the test opens and answers by hand: each call waits for `answerNext` or `failNext`. */
function handServer() {
  const pending: Array<{ ok(v: unknown): void; fail(e: unknown): void }> = [];
  const server = fakeTransport(() => new Promise((ok, fail) => pending.push({ ok, fail })));
  return {
    ...server,
    answerNext: (v: unknown = { ok: true }) => act(async () => pending.shift()!.ok(v)),
    failNext: (e: unknown) => act(async () => pending.shift()!.fail(e)),
    pending,
  };
}

async function setup(transport = handServer(), online = { now: true }) {
  const q = makeQueue(freshName(), transport.transport, { isOnline: () => online.now, backoff: { baseMs: 60_000, maxMs: 60_000, random: () => 0 } });
  queues.push(q);
  await q.start();
  const wrap = (children: ReactNode) => (
    <QueueContext.Provider value={q}>
      <InspectionWritesProvider writes={queuedWrites(q, directWrites)}>{children}</InspectionWritesProvider>
    </QueueContext.Provider>
  );
  return { q, wrap, online };
}

const status = () => screen.getByTestId('write-status');

describe('write status beside an item', () => {
  it('says Sending… with the upload\'s percent while a photo goes up, then Saved once the server answered', async () => {
    const server = handServer();
    const { q, wrap } = await setup(server);
    render(wrap(<WriteStatus item="p" />));
    expect(status().textContent).toBe('');
    let answered = false;
    void q.enqueue({ scope: 'images', item: 'p', kind: 'upload', file: new Blob(['x']), fileName: 'a.png' }).then(() => (answered = true));
    // The fake upload reports half its bytes sent, then waits for the server.
    expect(await screen.findByText('Sending… 50%')).toHaveProperty('textContent', 'Sending… 50%');
    expect(status().getAttribute('role')).toBe('status');
    expect(status().getAttribute('aria-live')).toBe('polite');
    await server.answerNext({ id: 'img-1' });
    await screen.findByText('Saved');
    expect(answered).toBe(true);
  });

  it('shows a refused write as Not saved with the server\'s reason', async () => {
    const server = handServer();
    const { q, wrap } = await setup(server);
    render(wrap(<><WriteStatus item="t" /><div data-testid="form-shows-error"><WriteStatus item="t" refusalShown /></div></>));
    void q.enqueue({ scope: 's', item: 't', kind: 'trpc', procedure: 'audits.setText', input: {} }).catch(() => undefined);
    await waitFor(() => expect(screen.getAllByText('Sending…')).toHaveLength(2));
    await server.failNext(httpError(403, 'This audit is finished'));
    expect((await screen.findByText('Not saved: This audit is finished')).getAttribute('data-state')).toBe('refused');
    // Where the screen already shows the refusal it was answered, the status does not say it twice.
    expect(screen.getByTestId('form-shows-error').textContent).toBe('');
  });

  it('shows an autosaved audit text as Saved on this device as soon as it is saved while offline', async () => {
    const server = fakeTransport(() => {
      throw netError();
    });
    const { wrap } = await setup(server as ReturnType<typeof handServer>, { now: false });
    render(wrap(
      <AuditEditingContext.Provider value={{ auditId: AUDIT, readOnly: false, reload: async () => undefined }}>
        <AutosaveText field="summary" label="Summary" initial="" />
      </AuditEditingContext.Provider>,
    ));
    fireEvent.change(screen.getByLabelText('Summary'), { target: { value: 'Crusher ok' } });
    expect(await screen.findByText('Saved on this device', {}, { timeout: 5000 })).toBeTruthy();
    // Answered on the device: the (*) marker goes and no 'Not saved' shows.
    await waitFor(() => expect(screen.queryAllByTestId('save-marker')).toHaveLength(0));
    expect(screen.queryByText(/Not saved/)).toBeNull();
  });
});

describe('header badge of waiting writes', () => {
  it('shows nothing at 0, counts what waits with a label, and goes when all is sent', async () => {
    const server = handServer();
    const { q, wrap, online } = await setup(server, { now: false });
    render(wrap(<WaitingBadge />));
    expect(screen.queryByTestId('waiting-badge')).toBeNull();
    const text = { scope: 's', kind: 'trpc' as const, procedure: 'audits.setText', input: {} };
    await act(async () => {
      await q.enqueue(text, () => null);
    });
    expect(screen.getByRole('status', { name: '1 change waiting to be sent' })).toBeTruthy();
    await act(async () => {
      await q.enqueue(text, () => null);
      await q.enqueue(text, () => null);
    });
    const badge = screen.getByRole('status', { name: '3 changes waiting to be sent' });
    expect(within(badge).getByText('3')).toBeTruthy();
    online.now = true;
    window.dispatchEvent(new Event('online'));
    while (server.pending.length || (await q.pendingCount()) > 0) {
      if (server.pending.length) await server.answerNext();
      else await act(() => new Promise((r) => setTimeout(r, 5)));
    }
    expect(screen.queryByTestId('waiting-badge')).toBeNull();
  });

  it('counts another user\'s changes apart, by name, while they wait for that user to sign in again', async () => {
    const session = testSession({ id: 'anna', name: 'Anna Berg' });
    const q = makeQueue(freshName(), handServer().transport, { isOnline: () => false, user: session.get });
    queues.push(q);
    await q.start();
    render(<QueueContext.Provider value={q}><WaitingBadge /></QueueContext.Provider>);
    await act(async () => {
      for (let i = 0; i < 2; i++) await q.enqueue({ scope: 's', kind: 'trpc', procedure: 'audits.setText', input: {} }, () => null);
    });
    expect(screen.getByRole('status', { name: '2 changes waiting to be sent' })).toBeTruthy();
    expect(screen.queryByTestId('others-waiting-badge')).toBeNull();
    session.user = { id: 'ben', name: 'Ben Kovacs' };
    await act(() => q.userChanged());
    expect(screen.queryByTestId('waiting-badge')).toBeNull();
    const others = screen.getByRole('status', { name: '2 changes by Anna Berg wait until they sign in again' });
    expect(within(others).getByText('2')).toBeTruthy();
  });

  it('tells once, in plain words, that the browser may clear what waits when persistent storage is refused', async () => {
    localStorage.removeItem('insp-offline-queue-storage-warned');
    const server = handServer();
    const q = makeQueue(freshName(), server.transport, { isOnline: () => false, persist: async () => false });
    queues.push(q);
    await q.start();
    render(<QueueContext.Provider value={q}><StorageWarning /></QueueContext.Provider>);
    expect(screen.queryByTestId('storage-warning')).toBeNull();
    await act(async () => {
      await q.enqueue({ scope: 's', kind: 'trpc', procedure: 'audits.setText', input: {} }, () => null);
    });
    expect((await screen.findByTestId('storage-warning')).textContent).toMatch(/may clear them if the device runs low on space/);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByTestId('storage-warning')).toBeNull());
    localStorage.removeItem('insp-offline-queue-storage-warned');
  });
});
