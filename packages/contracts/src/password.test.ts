import { describe, expect, it } from 'vitest';
import { PASSWORD_HINT, PASSWORD_RULE, passwordProblems, ZSetPassword } from './auth.js';

const { minLength, maxLength, example } = PASSWORD_RULE;
const accepted = (pw: string) => ZSetPassword.safeParse({ password: pw, token: 't' }).success;
/** A password of exactly `n` characters with an upper case letter, a lower case letter and a digit. */
const ofLength = (n: number) => 'Aa1' + 'x'.repeat(n - 3);

describe('the set-password hint and rule (spec 002 §5) come from one definition', () => {
  it("accepts the hint's own example, which the hint names", () => {
    expect(PASSWORD_HINT).toContain(`for example ${example}`);
    expect(passwordProblems(example)).toEqual([]);
    expect(accepted(example)).toBe(true);
  });

  it('has the limits the hint says: at least minLength and at most maxLength characters', () => {
    expect(PASSWORD_HINT).toContain(`At least ${minLength} characters`);
    expect(PASSWORD_HINT).toContain(`at most ${maxLength}`);
    expect(minLength).toBe(9); // 002 §5: "longer than 8 characters"
    expect(accepted(ofLength(minLength))).toBe(true);
    expect(passwordProblems(ofLength(minLength - 1))).toEqual([`must be at least ${minLength} characters long`]);
    expect(accepted(ofLength(maxLength))).toBe(true);
    expect(passwordProblems(ofLength(maxLength + 1))).toEqual([`must be at most ${maxLength} characters long`]);
  });

  it('wants the upper case letter, lower case letter and digit the hint names', () => {
    expect(PASSWORD_HINT).toContain('an upper case letter, a lower case letter and a digit');
    expect(passwordProblems('abcdefgh1')).toEqual(['must contain an upper case letter']);
    expect(passwordProblems('ABCDEFGH1')).toEqual(['must contain a lower case letter']);
    expect(passwordProblems('Abcdefghi')).toEqual(['must contain a digit']);
  });

  it('counts letters of any script and characters as a person counts them', () => {
    expect(passwordProblems('Äpfelbaum7')).toEqual([]);
    expect(passwordProblems('ÅSKÄÖß123')).toEqual([]);
    // nine characters, four of them outside the BMP (two UTF-16 units each): still nine, not thirteen
    expect(passwordProblems('Aa1😀😀😀😀xy')).toEqual([]);
    expect(accepted('A' + 'a1' + '😀'.repeat(maxLength - 3))).toBe(true);
  });
});
