import type { JobName } from '@insp/contracts';

export interface RecurringJob {
  /** The job, and the id of its BullMQ job scheduler (and of its row on the Background services screen). */
  name: JobName;
  everyMs: number;
  description: string;
}

export const recurringJobs: readonly RecurringJob[] = [
  {
    name: 'maintenance.cleanup',
    everyMs: 3600_000,
    description: 'Deletes expired sessions, spent password links, old sign-in attempts and finished jobs',
  },
];
