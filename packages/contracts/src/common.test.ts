import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, isId, ZId, ZListQuery, ZText, zText } from './common.js';

describe('ZText', () => {
  it('refuses NUL, every other C0 control character except tab, LF and CR, and DEL', () => {
    const refused = [...Array.from({ length: 32 }, (_, i) => i).filter((c) => ![9, 10, 13].includes(c)), 0x7f];
    expect(refused).toHaveLength(30);
    for (const code of refused) {
      const result = ZText.safeParse(`a${String.fromCharCode(code)}b`);
      expect(result.success, `U+${code.toString(16).padStart(4, '0')}`).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(CONTROL_CHARACTERS_MESSAGE);
    }
  });

  it('accepts tab and line breaks, and any other text (accents, C1 and non-Latin characters, emoji)', () => {
    for (const text of ['', 'Kallio Oy', 'a\tb', 'line\nline\r\nline\r', 'Jyväskylä', 'Ærøskøbing', '\u0085', '採石場', 'rock 🪨']) {
      expect(ZText.parse(text)).toBe(text);
    }
  });

  it('composes like z.string: trims after checking, bounds, and takes its options', () => {
    expect(ZText.trim().max(3).parse('  abc  ')).toBe('abc');
    expect(ZText.trim().safeParse(' \u0000 ').success).toBe(false);
    expect(zText({ error: 'is required' }).safeParse(undefined).error?.issues[0]?.message).toBe('is required');
    expect(z.object({ name: ZText }).safeParse({ name: 'a\u0000' }).error?.issues[0]?.path).toEqual(['name']);
  });

  it('guards the search of every list', () => {
    expect(ZListQuery.safeParse({ search: 'Kal\u0000lio' }).success).toBe(false);
    expect(ZListQuery.parse({ search: ' Kallio ' }).search).toBe('Kallio');
  });
});

describe('isId', () => {
  it('answers as ZId for every kind of id a client may send', () => {
    const values = [
      '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b', '3F2B8C1E-9A4D-4E6F-8B2A-1C3D5E7F9A0B', '01890a5d-ac96-774b-bcce-b302099a8057',
      '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', '3f2b8c1e-9a4d-0e6f-8b2a-1c3d5e7f9a0b',
      '3f2b8c1e-9a4d-4e6f-7b2a-1c3d5e7f9a0b', '3f2b8c1e9a4d4e6f8b2a1c3d5e7f9a0b', ' 3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b', '', 'abc', null, 42,
    ];
    for (const v of values) expect(isId(v), String(v)).toBe(ZId.safeParse(v).success);
    expect(values.filter(isId)).toHaveLength(5);
  });
});
