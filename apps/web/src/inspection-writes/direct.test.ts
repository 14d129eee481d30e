// @vitest-environment jsdom
// happy-dom (the web project's DOM) drops the file name given to FormData.append with a Blob; the name is what this file checks.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNALLOWED_FILE_TYPE } from '@insp/contracts';
import { fakeApi } from '../test/render';
import { directWrites } from './direct';
import { UploadError, uploadPhotoRequest } from './uploadPhoto';

const ID = '00000000-0000-4000-8000-000000000001';

/** A stand-in XMLHttpRequest answering every send with `status` and `body` after reporting half the bytes sent. */
function fakeXhr(status: number, body: object) {
  const sent: Array<{ method: string; url: string; headers: Record<string, string>; body: FormData }> = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    responseType = '';
    upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    onabort?: () => void;
    private req = { method: '', url: '', headers: {} as Record<string, string> };
    open(method: string, url: string) {
      this.req.method = method;
      this.req.url = url;
    }
    setRequestHeader(k: string, v: string) {
      this.req.headers[k] = v;
    }
    send(form: FormData) {
      sent.push({ ...this.req, body: form });
      queueMicrotask(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      });
    }
    abort() {
      this.onabort?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('direct writes', () => {
  it('uploads a photo as multipart with one file part and the token, reporting progress, and answers the new id', async () => {
    const sent = fakeXhr(201, { id: ID });
    localStorage.setItem('token', 'tok-1');
    const progress: number[] = [];
    const file = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    await expect(directWrites.uploadPhoto(file, 'photo.png', { onProgress: (f) => progress.push(f) })).resolves.toEqual({ id: ID });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/v1/images', headers: { authorization: 'Bearer tok-1' } });
    expect([...sent[0]!.body.keys()]).toEqual(['file']);
    expect((sent[0]!.body.get('file') as File).name).toBe('photo.png');
    expect(progress).toEqual([0.5, 1]);
  });

  it('sends the offline queue\'s idempotency key as the Idempotency-Key header, and none without one (issue 23)', async () => {
    const sent = fakeXhr(201, { id: ID });
    await uploadPhotoRequest(new Blob(['x']), 'a.png', { idempotencyKey: 'key-1' });
    await uploadPhotoRequest(new Blob(['x']), 'b.png');
    expect(sent[0]!.headers['Idempotency-Key']).toBe('key-1');
    expect(sent[1]!.headers).not.toHaveProperty('Idempotency-Key');
  });

  it('rejects an upload the server refuses with its message, without the field prefix', async () => {
    fakeXhr(400, { message: `file: ${UNALLOWED_FILE_TYPE}`, field: 'file' });
    const err = await directWrites.uploadPhoto(new Blob(['x']), 'a.gif').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UploadError);
    expect(err).toMatchObject({ message: UNALLOWED_FILE_TYPE, status: 400 });
  });

  it('saves the inspection, results, finish and start through the inspectionEdit procedures', async () => {
    const api = fakeApi({
      'inspectionEdit.update': () => ({ data: { id: ID } }),
      'inspectionEdit.saveResults': () => ({ data: { results: [] } }),
      'inspectionEdit.finish': () => ({ data: { id: ID, status: 'In_Use', finished: true, ended: null } }),
      'inspectionEdit.create': () => ({ data: { id: ID } }),
    });
    vi.stubGlobal('fetch', api.fetch);
    await directWrites.saveInspection(ID, 'fi', { summary: 'S' });
    await directWrites.saveResults(ID, { results: [{ extraPointId: ID, content: {} }] });
    await directWrites.finish(ID);
    await directWrites.createInspection({ protocolId: ID, customerId: ID, equipment: { id: ID } });
    expect(api.calls.map((c) => c.path)).toEqual(['inspectionEdit.update', 'inspectionEdit.saveResults', 'inspectionEdit.finish', 'inspectionEdit.create']);
    expect(api.calls[0]!.input).toEqual({ id: ID, lang: 'fi', data: { summary: 'S' } });
  });
});
