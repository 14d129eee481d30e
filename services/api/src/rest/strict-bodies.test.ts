import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { strictDeep } from './strict-bodies.js';

const issues = (s: z.ZodType, v: unknown) => s.safeParse(v).error?.issues.map((i) => ({ code: i.code, path: i.path.join('.'), keys: (i as { keys?: string[] }).keys }));

describe('strictDeep', () => {
  it('refuses unknown keys at every depth: objects in arrays, nullable, optional, defaulted, preprocessed and piped parts, record values', () => {
    const S = strictDeep(
      z.object({
        a: z.array(z.object({ b: z.number() })).default([]),
        n: z.object({ c: z.string() }).nullable(),
        p: z.preprocess((v) => v, z.object({ d: z.string() })).optional(),
        r: z.record(z.string(), z.object({ q: z.number() })).optional(),
        u: z.union([z.object({ k: z.literal('x') }), z.string()]).optional(),
      }),
    );
    expect(issues(S, { a: [{ b: 1, e: 1 }], n: null })).toEqual([{ code: 'unrecognized_keys', path: 'a.0', keys: ['e'] }]);
    expect(issues(S, { n: { c: 'x', f: 1 } })).toEqual([{ code: 'unrecognized_keys', path: 'n', keys: ['f'] }]);
    expect(issues(S, { n: null, p: { d: 'x', g: 1 } })).toEqual([{ code: 'unrecognized_keys', path: 'p', keys: ['g'] }]);
    expect(issues(S, { n: null, r: { any: { q: 1, h: 1 } } })).toEqual([{ code: 'unrecognized_keys', path: 'r.any', keys: ['h'] }]);
    expect(issues(S, { n: null, top: 1 })).toEqual([{ code: 'unrecognized_keys', path: '', keys: ['top'] }]);
    expect(S.safeParse({ n: null, u: 'plain' }).success).toBe(true);
  });

  it('keeps refinements, descriptions and read-only marks, and a default made afresh on every parse', () => {
    const base = z
      .object({ list: z.array(z.string()).default(() => []), note: z.string().optional().meta({ readOnly: true, description: 'kept' }) })
      .superRefine((v, ctx) => void (v.list.length > 1 && ctx.addIssue({ code: 'custom', path: ['list'], message: 'too many' })));
    const S = strictDeep(base);
    expect(issues(S, { list: ['a', 'b'] })).toEqual([{ code: 'custom', path: 'list', keys: undefined }]);
    const one = S.parse({}) as { list: string[] };
    const two = S.parse({}) as { list: string[] };
    expect(one.list).not.toBe(two.list);
    const json = z.toJSONSchema(S, { io: 'input' }) as { properties: Record<string, { readOnly?: boolean; description?: string }>; additionalProperties: unknown };
    expect(json.additionalProperties).toBe(false);
    expect(json.properties.note).toMatchObject({ readOnly: true, description: 'kept' });
    expect(strictDeep(S)).toBe(S);
  });
});
