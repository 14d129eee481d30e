import { describe, expect, it } from 'vitest';
import { ZIdempotencyKey } from '@insp/contracts';
import { newRequestKey } from './requestKey';

describe('newRequestKey', () => {
  it('makes a different version 4 UUID each time, one the API takes as an idempotency key', () => {
    const keys = Array.from({ length: 50 }, newRequestKey);
    expect(new Set(keys).size).toBe(50);
    for (const k of keys) {
      expect(k).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(ZIdempotencyKey.safeParse(k).success).toBe(true);
    }
  });
});
