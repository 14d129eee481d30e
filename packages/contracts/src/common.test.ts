import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, ZListQuery, ZText, zText } from './common.js';

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
