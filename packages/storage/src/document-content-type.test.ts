import { describe, expect, it } from 'vitest';
import { detectDocumentContentType, OLE_STORAGE, SNIFF_BYTES } from './content-type.js';

const zipEntry = (name: string) =>
  Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0, 8, 0, 8, 0]), Buffer.alloc(16), Buffer.from([name.length, 0, 0, 0]), Buffer.from(name), Buffer.from('data')]);

describe('detectDocumentContentType', () => {
  it('tells Word and PowerPoint archives from other zips by their entries', () => {
    expect(detectDocumentContentType(Buffer.concat([zipEntry('[Content_Types].xml'), zipEntry('word/document.xml')]))).toMatch(/wordprocessingml/);
    expect(detectDocumentContentType(Buffer.concat([zipEntry('[Content_Types].xml'), zipEntry('ppt/presentation.xml')]))).toMatch(/presentationml/);
    expect(detectDocumentContentType(Buffer.concat([zipEntry('[Content_Types].xml'), zipEntry('xl/workbook.xml')]))).toMatch(/spreadsheetml/);
    expect(detectDocumentContentType(zipEntry('readme.txt'))).toBe('application/zip');
  });

  it('knows the Office 97–2003 container and still the types detectContentType knows', () => {
    expect(detectDocumentContentType(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]))).toBe(OLE_STORAGE);
    expect(detectDocumentContentType(Buffer.from('%PDF-1.7\n'))).toBe('application/pdf');
  });

  it('takes UTF-8 text with tabs and line breaks, also when the head ends inside a character', () => {
    expect(detectDocumentContentType(Buffer.from('Serial;Result\r\nSN-1;\tOK ä\n'))).toBe('text/plain');
    const cut = Buffer.concat([Buffer.alloc(SNIFF_BYTES - 1, 'a'), Buffer.from('ä').subarray(0, 1)]);
    expect(detectDocumentContentType(cut)).toBe('text/plain');
  });

  it('refuses binary junk, control characters, invalid UTF-8 and an empty file', () => {
    expect(detectDocumentContentType(Buffer.from([0x4d, 0x5a, 0x90, 0, 3]))).toBeNull(); // an .exe
    expect(detectDocumentContentType(Buffer.from('text\u0000more'))).toBeNull();
    expect(detectDocumentContentType(Buffer.from([0x61, 0xff, 0x62]))).toBeNull();
    expect(detectDocumentContentType(Buffer.alloc(0))).toBeNull();
  });
});
