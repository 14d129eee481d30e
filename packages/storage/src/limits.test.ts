import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { assertWithinSize, measureBytes, meter, peekStream } from './limits.js';
import { FileTooLargeError } from './types.js';

const chunks = (n: number, size: number) => Array.from({ length: n }, (_, i) => Buffer.alloc(size, i));

describe('size limits', () => {
  it('counts and hashes what passes through', async () => {
    const data = chunks(4, 1000);
    const m = meter(4000);
    const out = await pipeline(Readable.from(data), m.stream, buffer);
    expect(out.length).toBe(4000);
    expect(m.result()).toEqual({ size: 4000, sha256: createHash('sha256').update(Buffer.concat(data)).digest('hex') });
  });

  it('stops a stream as soon as it passes the limit', async () => {
    let pulled = 0;
    const source = Readable.from((function* () { for (const c of chunks(100, 1000)) { pulled++; yield c; } })());
    const m = meter(2500);
    await expect(pipeline(source, m.stream, buffer)).rejects.toBeInstanceOf(FileTooLargeError);
    expect(pulled).toBeLessThan(20);
  });

  it('checks known sizes up front', () => {
    expect(() => assertWithinSize(10, 10)).not.toThrow();
    expect(() => assertWithinSize(11, 10)).toThrow(FileTooLargeError);
    expect(() => measureBytes(Buffer.alloc(11), 10)).toThrow(FileTooLargeError);
    expect(measureBytes(Buffer.from('abc')).sha256).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('peekStream', () => {
  it('gives the head and still streams every byte', async () => {
    const data = chunks(10, 3000);
    const { head, stream } = await peekStream(Readable.from(data), 4096);
    expect(head.length).toBe(4096);
    expect(head.equals(Buffer.concat(data).subarray(0, 4096))).toBe(true);
    expect((await buffer(stream)).equals(Buffer.concat(data))).toBe(true);
  });

  it('copes with streams shorter than the head', async () => {
    const { head, stream } = await peekStream(Readable.from([Buffer.from('tiny')]), 4096);
    expect(head.toString()).toBe('tiny');
    expect((await buffer(stream)).toString()).toBe('tiny');
  });
});
