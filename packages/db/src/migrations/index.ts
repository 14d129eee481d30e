import type { Migration } from 'kysely';
import * as m0001 from './20261122_0001_core.js';

/** Every migration, in order. Names are timestamps; add new ones at the end. */
export const migrations: Record<string, Migration> = {
  '20261122_0001_core': m0001,
};
