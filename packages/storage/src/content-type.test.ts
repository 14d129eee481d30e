import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { detectContentType } from './content-type.js';

const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const pad = (b: Buffer, n = 64) => Buffer.concat([b, Buffer.alloc(n)]);

/** One local file header (PK\3\4) with sizes deferred to a data descriptor, as streaming archivers write. */
const zipEntry = (name: string) =>
  bytes([0x50, 0x4b, 0x03, 0x04, 20, 0, 8, 0, 8, 0], Array(16).fill(0), [name.length, 0, 0, 0], name, 'compressed...');

// Headers as the format specifications define them.
const samples: [string, Buffer][] = [
  ['image/png', pad(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR'))],
  ['image/jpeg', pad(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF'))],
  ['image/gif', pad(bytes('GIF89a', [1, 0, 1, 0]))],
  ['image/webp', pad(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))],
  ['application/pdf', pad(bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'))],
  ['audio/wav', pad(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))],
  ['audio/ogg', pad(bytes('OggS', [0, 2], Array(22).fill(0), 'OpusHead'))],
  ['audio/mpeg', pad(bytes('ID3', [4, 0, 0, 0, 0, 0, 0]))],
  ['audio/mpeg', pad(bytes([0xff, 0xfb, 0x90, 0x64]))],
  ['audio/mp4', pad(bytes([0, 0, 0, 0x20], 'ftypM4A ', [0, 0, 0, 0], 'M4A mp42isom'))],
  ['video/mp4', pad(bytes([0, 0, 0, 0x18], 'ftypisom', [0, 0, 2, 0], 'isomiso2'))],
  // EBML header as Chrome's MediaRecorder writes it for audio/webm;codecs=opus
  ['audio/webm', pad(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 1, 0x42, 0xf7, 0x81, 1, 0x42, 0xf2, 0x81, 4, 0x42, 0xf3, 0x81, 8, 0x42, 0x82, 0x84], 'webm', [0x42, 0x87, 0x81, 4, 0x42, 0x85, 0x81, 2]))],
  ['application/zip', pad(Buffer.concat([zipEntry('[Content_Types].xml'), zipEntry('word/document.xml')]))],
  ['application/zip', pad(bytes([0x50, 0x4b, 0x05, 0x06]))],
];

describe('detectContentType', () => {
  it.each(samples)('recognises %s from its leading bytes', (type, b) => {
    expect(detectContentType(b)).toBe(type);
  });

  it('recognises an xlsx written by exceljs, not just any zip', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Inspections').addRows([['Serial', 'Result'], ['SN-1', 'OK']]);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    expect(detectContentType(xlsx)).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(detectContentType(xlsx.subarray(0, 64 * 1024))).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });

  it.each([
    ['empty', Buffer.alloc(0)],
    ['plain text', Buffer.from('Serial;Result\nSN-1;OK\n')],
    ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['SVG (it can carry script)', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['an executable', pad(bytes([0x7f], 'ELF', [2, 1, 1]))],
    ['a truncated PNG signature', bytes([0x89, 0x50, 0x4e, 0x47])],
    ['RIFF that is neither WebP nor WAVE', pad(bytes('RIFF', [0, 0, 0, 0], 'AVI LIST'))],
    ['Matroska video', pad(bytes([0x1a, 0x45, 0xdf, 0xa3, 0xa3, 0x42, 0x82, 0x88], 'matroska'))],
    ['AAC in ADTS (not MPEG layer 1-3)', pad(bytes([0xff, 0xf1, 0x50, 0x80]))],
  ])('answers null for %s', (_what, b) => {
    expect(detectContentType(b)).toBeNull();
  });
});
