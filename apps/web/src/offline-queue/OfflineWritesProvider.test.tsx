import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { useInspectionWrites } from '../inspection-writes';
import { setAppQueue } from './instance';
import { OfflineWritesProvider } from './OfflineWritesProvider';
import type { WriteQueue } from './queue';
import { fakeIdb, fakeTransport, freshName, makeQueue, netError } from './queue.fixtures.test-helpers';
import { WaitingBadge } from './WaitingBadge';
import { Level, type TSession } from '@insp/contracts';
import { actorOf, SessionContext } from '../providers/session';
import { TEST_USER } from './queue.fixtures.test-helpers';

const AUDIT = '00000000-0000-4000-8000-0000000000a1';
let queue: WriteQueue | null = null;
afterEach(() => {
  cleanup();
  queue?.stop();
  setAppQueue(null);
  vi.unstubAllGlobals();
});

/** The app's queue on a fresh database, with the network away: whatever is written waits on the device. */
async function offlineAppQueue() {
  vi.stubGlobal('indexedDB', fakeIdb.indexedDB);
  const server = fakeTransport(() => {
    throw netError();
  });
  queue = makeQueue(freshName(), server.transport, { isOnline: () => false });
  await queue.start();
  setAppQueue(queue);
  return { q: queue, server };
}

/** A screen that saves an audit's summary as soon as it is shown, before the queue's code may have arrived. */
function WritesAtOnce() {
  const writes = useInspectionWrites();
  useEffect(() => void writes.setAuditText(AUDIT, 'summary', 'typed at once').catch(() => undefined), [writes]);
  return null;
}

describe('the offline queue under the signed-in app, its code fetched after the first screen (issue 23)', () => {
  it('shows in the header what already waited on the device, and a write made at once waits behind it, not sent around it', async () => {
    const { q, server } = await offlineAppQueue();
    await q.enqueue({ scope: `audit:${AUDIT}`, kind: 'trpc', procedure: 'audits.setText', input: { id: AUDIT, field: 'summary', text: 'from before' } }, () => null);
    // signed in as the test queue's user: the provider records them, and their writes are the ones that wait here
    const session: TSession = { user: { id: TEST_USER.id, name: TEST_USER.name, email: 'tess@company.example', externalUser: false, externalUserCompany: null, externalUserDistributorAdmin: false }, level: Level.User, flags: [] };
    render(
      <SessionContext.Provider value={{ session, actor: actorOf(session) }}>
        <OfflineWritesProvider>
          <WaitingBadge />
          <WritesAtOnce />
        </OfflineWritesProvider>
      </SessionContext.Provider>,
    );
    expect(await screen.findByRole('status', { name: '2 changes waiting to be sent' })).toBeTruthy();
    // both wait in the queue, in the order made; nothing went to the server directly
    expect((await q.db.entries.orderBy('seq').toArray()).map((e) => (e.input as { text: string }).text)).toEqual(['from before', 'typed at once']);
    expect(server.calls).toEqual([]);
  });
});
