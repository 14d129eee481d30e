import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Blob as NodeBlob } from 'node:buffer';
import { fakeIdb, fakeTransport, freshName, makeQueue, netError } from '../offline-queue/queue.fixtures.test-helpers';
import { setAppQueue } from '../offline-queue';
import { AvailableDb, setAvailableDb } from './db';
import { listItems, saveBundle } from './store';
import { OnThisDevicePage } from './OnThisDevicePage';

const A = '00000000-0000-4000-8000-0000000000a1';
const B = '00000000-0000-4000-8000-0000000000b1';

afterEach(() => {
  cleanup();
  setAvailableDb(null);
  setAppQueue(null);
});

async function setUp() {
  const db = new AvailableDb(freshName(), fakeIdb);
  setAvailableDb(db);
  const file = new NodeBlob([new Uint8Array(2048)]) as unknown as Blob;
  await saveBundle(db, { kind: 'inspection', id: A, name: 'Daily check SN-1', reads: [], files: [{ path: '/p', blob: file }] });
  await saveBundle(db, { kind: 'audit', id: B, name: 'Quarry audit', reads: [], files: [] });
  const q = makeQueue(freshName(), fakeTransport(() => {
    throw netError();
  }).transport, { isOnline: () => false });
  setAppQueue(q);
  await q.start();
  render(<MemoryRouter><OnThisDevicePage /></MemoryRouter>);
  return { db, q };
}

describe('On this device', () => {
  it('lists what is stored with its kind, size and a link to its editor', async () => {
    await setUp();
    const rows = await screen.findAllByTestId('stored-item');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('Quarry audit'), expect.stringContaining('Daily check SN-1')]);
    expect(rows[1]!.textContent).toContain('2.0 kB');
    expect(screen.getByRole('link', { name: 'Daily check SN-1' }).getAttribute('href')).toBe(`/Reports/${A}/edit`);
    expect(screen.getByRole('link', { name: 'Quarry audit' }).getAttribute('href')).toBe(`/Audits/${B}`);
    expect(screen.getByTestId('storage-usage').textContent).toContain('Stored here: 2.0 kB');
  });

  it('removes an entry, and refuses while its writes wait to be sent (they stay in the queue)', async () => {
    const { db, q } = await setUp();
    await q.enqueue({ scope: `audit:${B}`, item: `audit:${B}:text:summary`, kind: 'trpc', procedure: 'audits.setText', input: { id: B, field: 'summary', text: 'x' } }, () => 'kept');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Quarry audit from this device' }));
    expect(await screen.findByText('1 change to it still waits to be sent. It stays on this device until it is sent.')).toBeTruthy();
    expect((await listItems(db)).map((i) => i.name)).toEqual(['Quarry audit', 'Daily check SN-1']);
    expect(await q.pendingCount()).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Daily check SN-1 from this device' }));
    expect(await screen.findByText('Daily check SN-1 was removed from this device.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('stored-item')).toHaveLength(1));
    expect((await listItems(db)).map((i) => i.name)).toEqual(['Quarry audit']);
    q.stop();
  });
});
