import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { blankResult, measurementPoint, uuid } from '../inspection-edit/edit.fixtures.test-helpers';
import { audit, auditEditorHooks, open, run } from './auditEditor.test-helpers';

auditEditorHooks();

describe('audit editor voice comments (issue 20)', () => {
  it("plays a point's voice comment beside its comments, fetched with the token", async () => {
    const voiceId = uuid(960);
    const point = measurementPoint({ content: blankResult({ id: uuid(907), value: '20', voiceCommentId: voiceId }) });
    open(audit({ inspectionProtocolRuns: [run({ categories: [{ id: uuid(906), title: 'Crusher', index: 0, inspectionPoints: [point] }] })] }));
    const api = globalThis.fetch;
    const fetch = vi.fn(async (url: string | URL, init?: RequestInit) =>
      String(url) === `/api/v1/voicecomment/${voiceId}/file` ? new Response(new Uint8Array([1, 2]), { headers: { 'content-type': 'audio/mp4' } }) : api(url, init));
    vi.stubGlobal('fetch', fetch);
    localStorage.setItem('token', 'the-token');
    const player = await screen.findByLabelText(`Voice comment: ${point.name}`);
    expect(player.tagName).toBe('AUDIO');
    expect(player.getAttribute('src')).toBe('blob:preview');
    const call = fetch.mock.calls.find(([u]) => String(u).startsWith('/api/v1/voicecomment/'))!;
    expect(new Headers(call[1]?.headers).get('authorization')).toBe('Bearer the-token');
    localStorage.removeItem('token');
  });
});
