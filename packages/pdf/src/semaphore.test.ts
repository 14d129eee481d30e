import { describe, expect, it } from 'vitest';
import { createSemaphore } from './semaphore.js';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('semaphore', () => {
  it('never lets more than max callers in and serves the rest in order', async () => {
    const s = createSemaphore(2);
    let inside = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        s.run(async () => {
          inside++;
          most = Math.max(most, inside);
          order.push(i);
          await tick();
          inside--;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(s.active).toBe(0);
  });

  it('frees the slot when the work fails', async () => {
    const s = createSemaphore(1);
    await expect(s.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(s.run(async () => 'next')).resolves.toBe('next');
  });

  it('rejects sizes below one', () => {
    expect(() => createSemaphore(0)).toThrow();
  });
});
