import { describe, expect, it } from 'vitest';
import { rarestWord, wordsOf } from './search-words.js';

describe('search words', () => {
  it('splits a term into distinct words a trigram index can use (3+ characters)', () => {
    expect(wordsOf('nordkalk oy  lappeenranta nordkalk')).toEqual(['nordkalk', 'lappeenranta']);
    expect(wordsOf('ab')).toEqual([]);
    expect(wordsOf('SC9A63F8-0004321'.toLowerCase())).toEqual(['sc9a63f8', '0004321']);
  });

  it('picks the word found in the fewest sample values, the longer one on a tie', () => {
    const sample = ['daily check sc-1 quarry oy', 'weekly check sc-2 quarry oy', 'daily check sc-1234 gravel ab'];
    expect(rarestWord(['daily', 'quarry', 'gravel'], sample)).toBe('gravel');
    expect(rarestWord(['check', 'sc-1234'], sample)).toBe('sc-1234');
    expect(rarestWord(['alpha', 'omega1'], [])).toBe('omega1');
  });
});
