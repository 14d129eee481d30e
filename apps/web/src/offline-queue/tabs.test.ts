import { afterEach, describe, expect, it, vi } from 'vitest';
import { RefusedError, type WriteQueue } from './queue';
import { browserTabs } from './tabs';
import { fakeTransport, freshName, httpError, makeQueue } from './queue.fixtures.test-helpers';

/**
 * Several tabs over one database (Node's own BroadcastChannel carries the messages between queues, as between tabs).
 * Node has no Web Locks: `locks` hands one lock out at a time, first come first served, as the browser does.
 */
function lockManager() {
  let held = false;
  const waiting: Array<() => void> = [];
  const request = ((_name: string, opts: { signal?: AbortSignal }, cb: () => Promise<void>) => new Promise<void>((done, fail) => {
    const grant = () => {
      held = true;
      void cb().finally(() => {
        held = false;
        waiting.shift()?.();
        done();
      });
    };
    opts.signal?.addEventListener('abort', () => {
      const i = waiting.indexOf(grant);
      if (i >= 0) waiting.splice(i, 1);
      fail(new DOMException('aborted', 'AbortError'));
    });
    if (held) waiting.push(grant);
    else grant();
  })) as unknown as LockManager['request'];
  return { request };
}

const queues: WriteQueue[] = [];
afterEach(() => {
  for (const q of queues.splice(0)) q.stop();
});
const text = (t: string) => ({ scope: 'audit:a', item: 'audit:a:text:summary', kind: 'trpc' as const, procedure: 'audits.setText', input: { id: 'a', field: 'summary', text: t } });

async function twoTabs(answer: Parameters<typeof fakeTransport>[0], locks: ReturnType<typeof lockManager> | undefined = lockManager()) {
  const name = freshName();
  const server = fakeTransport(answer);
  const tab = () => {
    const q = makeQueue(name, server.transport, { isOnline: () => true, tabs: browserTabs(`tabs-${name}`, locks) });
    queues.push(q);
    return q;
  };
  const first = tab();
  await first.start();
  const second = tab();
  await second.start();
  return { first, second, server };
}

describe('several tabs (issue 23)', () => {
  it("one tab sends: a write made in another tab is sent once by the sender, and its maker gets the server's answer", async () => {
    const { second, server } = await twoTabs((c) => ({ saved: (c as unknown as { input: { text: string } }).input.text }));
    const answer = await second.enqueue(text('from the second tab'));
    expect(answer).toEqual({ saved: 'from the second tab' });
    expect(server.calls).toHaveLength(1);
    await vi.waitFor(async () => expect(second.waiting()).toBe(0));
  });

  it('every tab shows the same counts and statuses', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { first, second } = await twoTabs(async () => {
      await gate;
      return { ok: true };
    });
    const sent = second.enqueue(text('waits'));
    await vi.waitFor(() => expect(first.waiting()).toBe(1));
    await vi.waitFor(() => expect(second.itemStatus('audit:a:text:summary')).toEqual({ state: 'sending' }));
    release();
    await sent;
    await vi.waitFor(() => expect([first.waiting(), second.waiting()]).toEqual([0, 0]));
    await vi.waitFor(() => expect(second.itemStatus('audit:a:text:summary')).toEqual({ state: 'saved' }));
  });

  it("a refusal reaches the tab that made the write; when the sender closes, the next tab sends what waits", async () => {
    let refuse = true;
    const { first, second, server } = await twoTabs(() => {
      if (refuse) throw httpError(400, 'text: too long');
      return { ok: true };
    });
    await expect(second.enqueue(text('x'.repeat(10)))).rejects.toEqual(new RefusedError('text: too long', 400));
    refuse = false;
    first.stop(); // the sender's tab closes: the lock passes on
    expect(await second.enqueue(text('after'))).toEqual({ ok: true });
    expect(server.calls).toHaveLength(2);
  });

  it('without Web Locks every tab sends (as before; the idempotency key makes a double send harmless)', async () => {
    const { first, second, server } = await twoTabs(() => ({ ok: true }), undefined);
    expect(await first.enqueue(text('a'))).toEqual({ ok: true });
    expect(await second.enqueue(text('b'))).toEqual({ ok: true });
    expect(server.calls.length).toBeGreaterThanOrEqual(2);
  });
});
