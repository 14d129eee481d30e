import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { WriteQueue } from './queue';
import { fakeTransport, freshName, httpError, makeQueue } from './queue.fixtures.test-helpers';
import { REFUSED_TEXT, RefusedWrites } from './RefusedWrites';
import { QueueContext } from './useQueue';

const AUDIT = '00000000-0000-4000-8000-0000000000a1';
const queues: WriteQueue[] = [];
afterEach(() => {
  cleanup();
  for (const q of queues.splice(0)) q.stop();
});

describe('refused writes in the header (issue 23)', () => {
  it('counts refused writes, lists what each was, when, the reason and a link to its page; Dismiss removes it', async () => {
    const server = fakeTransport((c) => {
      if ('procedure' in c && c.procedure === 'audits.setText') throw httpError(400, 'text: must be at most 4000 characters');
      return { ok: true };
    });
    const q = makeQueue(freshName(), server.transport, { isOnline: () => true });
    queues.push(q);
    await q.start();
    render(<MemoryRouter><QueueContext.Provider value={q}><RefusedWrites /></QueueContext.Provider></MemoryRouter>);
    expect(screen.queryByTestId('refused-button')).toBeNull();
    await q.enqueue({ scope: `audit:${AUDIT}`, item: 'x', kind: 'trpc', procedure: 'audits.setText', input: { id: AUDIT, field: 'summary', text: 'long' } }).catch(() => undefined);
    await q.enqueue({ scope: `audit:${AUDIT}`, item: 'y', kind: 'trpc', procedure: 'audits.setText', input: { id: AUDIT, field: 'comment', text: 'long' } }).catch(() => undefined);
    await q.enqueue({ scope: `audit:${AUDIT}`, item: 'z', kind: 'trpc', procedure: 'audits.setInspector', input: { id: AUDIT, data: {} } });
    const button = await screen.findByRole('button', { name: REFUSED_TEXT.button(2) });
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: REFUSED_TEXT.title });
    const rows = within(dialog).getAllByTestId('refused-entry');
    expect(rows.map((r) => r.querySelector('p')?.textContent)).toEqual(['Audit: Summary', 'Audit: Comment']);
    expect(rows[0]!.textContent).toContain('Reason: text: must be at most 4000 characters');
    expect(rows[0]!.textContent).toMatch(/Made: \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
    expect(within(rows[0]!).getByRole('link', { name: REFUSED_TEXT.open }).getAttribute('href')).toBe(`/Audits/${AUDIT}`);
    fireEvent.click(within(rows[0]!).getByRole('button', { name: REFUSED_TEXT.dismiss }));
    await waitFor(() => expect(within(dialog).getAllByTestId('refused-entry')).toHaveLength(1));
    expect(await q.refused()).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: REFUSED_TEXT.close }));
    expect(await screen.findByRole('button', { name: REFUSED_TEXT.button(1) })).toBeTruthy();
  });

  it('reads the refused list again only when a refusal comes or goes, not on every change of the queue', async () => {
    const server = fakeTransport((c) => {
      if ('procedure' in c && c.procedure === 'audits.setText') throw httpError(422, 'text: too long');
      return 'key' in c ? { id: '00000000-0000-4000-8000-0000000000f1' } : { ok: true };
    });
    const q = makeQueue(freshName(), server.transport, { isOnline: () => true });
    queues.push(q);
    await q.start();
    const reads = vi.spyOn(q, 'refused');
    render(<MemoryRouter><QueueContext.Provider value={q}><RefusedWrites /></QueueContext.Provider></MemoryRouter>);
    await waitFor(() => expect(reads).toHaveBeenCalledTimes(1));
    // Saves and an upload (its progress ticks) change the queue many times and no refusal.
    for (let i = 0; i < 3; i++) await q.enqueue({ scope: `audit:${AUDIT}`, item: `p${i}`, kind: 'trpc', procedure: 'audits.setInspector', input: { id: AUDIT, data: {} } });
    await q.enqueue({ scope: 'images', item: 'photo', kind: 'upload', file: new Blob(['png']), fileName: 'a.png' });
    expect(reads).toHaveBeenCalledTimes(1);
    await q.enqueue({ scope: `audit:${AUDIT}`, item: 'x', kind: 'trpc', procedure: 'audits.setText', input: { id: AUDIT, field: 'summary', text: 'long' } }).catch(() => undefined);
    expect(await screen.findByRole('button', { name: REFUSED_TEXT.button(1) })).toBeTruthy();
    expect(reads).toHaveBeenCalledTimes(2);
    await q.dismiss((await q.db.entries.where('state').equals('refused').first())!.id);
    await waitFor(() => expect(screen.queryByTestId('refused-button')).toBeNull());
    expect(reads).toHaveBeenCalledTimes(3);
  });
});
