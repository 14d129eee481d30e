import { describe, expect, it, vi } from 'vitest';
import { jobNames } from '@insp/contracts';
import type { JobDeps } from '../types.js';
import { assertEveryJobHasHandler, jobRegistry, PermanentJobError, runJob } from './registry.js';

describe('job registry', () => {
  it('has a handler for every job name in the contracts', () => {
    expect(() => assertEveryJobHasHandler(jobRegistry)).not.toThrow();
    expect(Object.keys(jobRegistry).sort()).toEqual([...jobNames].sort());
  });

  it('refuses to start when a job name has no handler, naming the missing one', () => {
    const { 'maintenance.cleanup': _, ...incomplete } = jobRegistry;
    expect(() => assertEveryJobHasHandler(incomplete)).toThrow(/'maintenance\.cleanup'/);
    expect(() => assertEveryJobHasHandler({ ...jobRegistry, 'email.send': undefined })).toThrow(/'email\.send'/);
  });

  it('validates the payload with the contract before the handler sees it', async () => {
    const handler = vi.fn(async () => 'ran');
    const registry = { ...jobRegistry, 'email.send': handler };
    const deps = {} as JobDeps;
    await expect(runJob(registry, deps, 'email.send', { template: 'nope', to: 'x' }, { attempt: 1 })).rejects.toBeInstanceOf(PermanentJobError);
    await expect(runJob(registry, deps, 'no.such-job', {}, { attempt: 1 })).rejects.toThrow(/unknown job 'no.such-job'/);
    expect(handler).not.toHaveBeenCalled();

    const payload = { template: 'set-password', to: 'ann@example.com', params: { name: 'Ann', link: 'https://x.example/a?b=1' } };
    await expect(runJob(registry, deps, 'email.send', payload, { outboxId: 3, attempt: 1 })).resolves.toBe('ran');
    expect(handler).toHaveBeenCalledWith(deps, payload, { outboxId: 3, attempt: 1 });
  });
});
