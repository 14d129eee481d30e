import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';
import type { Random } from './random.js';
import { sha256Hex, solidPng } from './png.js';

export interface SeedFiles {
  /** Stores bytes under a generated key (the file storage adapter's put). */
  putFile(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
}

export interface SeedContext extends SeedFiles {
  db: Kysely<DB>;
  now: Date;
  rnd: Random;
}

/** JSON for jsonb columns: `pg` would turn a raw JS array into a PostgreSQL array literal, so always send text. */
export const json = (value: unknown) => JSON.stringify(value);

const COLOURS: [number, number, number][] = [
  [200, 60, 50], [60, 140, 200], [80, 170, 90], [230, 180, 40], [140, 90, 170], [120, 120, 120],
];

/** Writes a small real PNG to storage and inserts its images row; returns the image id. */
export async function createImage(ctx: SeedContext, uploadedBy: string | null, name = 'photo.png'): Promise<string> {
  const id = crypto.randomUUID();
  const bytes = solidPng(ctx.rnd.int(48, 96), ctx.rnd.int(32, 64), ctx.rnd.pick(COLOURS));
  const key = `images/${id}.png`;
  await ctx.putFile(key, bytes, 'image/png');
  await ctx.db
    .insertInto('images')
    .values({
      id,
      storage_key: key,
      content_type: 'image/png',
      size: bytes.length,
      sha256: sha256Hex(bytes),
      original_name: name,
      uploaded_by_user_id: uploadedBy,
    })
    .execute();
  return id;
}

/** Inserts rows in chunks (PostgreSQL caps a statement at 65535 parameters). */
export async function insertMany<T extends keyof DB & string>(
  db: Kysely<DB>,
  table: T,
  rows: readonly Record<string, unknown>[],
  chunkSize = 500,
): Promise<void> {
  for (let i = 0; i < rows.length; i += chunkSize) {
    await db.insertInto(table).values(rows.slice(i, i + chunkSize) as never).execute();
  }
}
