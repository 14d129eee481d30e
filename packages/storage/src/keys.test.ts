import { describe, expect, it } from 'vitest';
import { assertValidKey, isValidKey, newStorageKey } from './keys.js';
import { InvalidKeyError } from './types.js';

describe('storage keys', () => {
  it('generates random keys under the prefix and month, with the extension', () => {
    const key = newStorageKey('voice-comments', '.M4A', new Date('2026-11-22T10:00:00Z'));
    expect(key).toMatch(/^voice-comments\/2026-11\/[0-9a-f]{32}\.m4a$/);
    expect(isValidKey(key)).toBe(true);
    const many = new Set(Array.from({ length: 1000 }, () => newStorageKey('images', 'png')));
    expect(many.size).toBe(1000);
  });

  it('refuses prefixes and extensions that could smuggle path parts in', () => {
    expect(() => newStorageKey('../images', 'png')).toThrow(InvalidKeyError);
    expect(() => newStorageKey('/images', 'png')).toThrow(InvalidKeyError);
    expect(() => newStorageKey('images', 'png/../x')).toThrow(InvalidKeyError);
  });

  it('accepts content-derived keys made of safe segments', () => {
    expect(() => assertValidKey('reports/2f1e6c1a-0000-4000-8000-000000000000/ab12cd-de.pdf')).not.toThrow();
    expect(() => assertValidKey('exports/report_1.v2.xlsx')).not.toThrow();
  });

  it.each([
    ['', 'empty'],
    ['../etc/passwd', 'climbs up'],
    ['images/../../etc/passwd', 'climbs up in the middle'],
    ['images/a..b', 'contains ..'],
    ['/etc/passwd', 'absolute'],
    ['C:\\Windows\\win.ini', 'windows path'],
    ['images\\..\\x', 'backslashes'],
    ['images//x.png', 'empty segment'],
    ['images/x.png/', 'trailing slash'],
    ['.meta/images/x.png.json', 'the adapter metadata folder'],
    ['.tmp/123', 'the adapter temp folder'],
    ['images/.hidden', 'hidden file'],
    ['images/my photo.png', 'space'],
    ['images/fötö.png', 'non-ASCII'],
    ['images/x.png%00', 'percent sequences'],
    ['a/'.repeat(8) + 'x', 'too deep'],
    ['a'.repeat(513), 'too long'],
  ])('rejects %j (%s)', (key) => {
    expect(() => assertValidKey(key)).toThrow(InvalidKeyError);
    expect(isValidKey(key)).toBe(false);
  });

  it('rejects keys that are not strings', () => {
    expect(isValidKey(undefined)).toBe(false);
    expect(isValidKey(42)).toBe(false);
  });
});
