import { sql } from 'kysely';
import type { Db } from '@insp/db';
import type { FastifyBaseLogger } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 22: the request log on its way to web_logs (app.ts); null when WEB_LOG=off. */
    webLog: WebLogBuffer | null;
  }
}

/** One API request as /weblogs shows it (002 §2: date, user, method, status code, response time, URL). */
export interface WebLogRow {
  at: Date;
  userId: string | null;
  user: string | null;
  method: string;
  statusCode: number;
  durationMs: number;
  url: string;
}

export interface WebLogBufferOptions {
  /** Write at least this often (ms) while rows wait. */
  flushMs: number;
  /** Write as soon as this many rows wait (one statement for all of them). */
  batchRows: number;
  /** Most rows that may wait; past it new rows are dropped and counted, so a slow database never grows memory. */
  capacity: number;
}

/**
 * The request log's way to the database (issue 22). A request only pushes an object onto an array: no query, no
 * await, nothing on the request path (decisions: "The request path", issue 18). A timer (and a full batch) writes
 * what waits in ONE statement: `insert … select from jsonb_to_recordset($1)`, one JSON parameter whatever the row
 * count, so the statement text never changes and the database reads the batch as one row set. Writes never overlap
 * (one in flight; rows arriving meanwhile wait for the next). A failed write drops its rows (counted, logged once
 * per failure): a log must not retry into an outage. `close` writes what is left.
 */
export class WebLogBuffer {
  private rows: WebLogRow[] = [];
  private writing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  /** Counters for tests, the bench and the log line on close. */
  readonly stats = { written: 0, dropped: 0, inserts: 0, failed: 0 };

  constructor(
    private readonly db: Db,
    private readonly opts: WebLogBufferOptions,
    private readonly log?: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  ) {
    this.timer = setInterval(() => void this.flush(), opts.flushMs);
    this.timer.unref();
  }

  add(row: WebLogRow): void {
    if (this.closed || this.rows.length >= this.opts.capacity) {
      this.stats.dropped++;
      return;
    }
    this.rows.push(row);
    if (this.rows.length >= this.opts.batchRows && !this.writing) void this.flush();
  }

  get waiting(): number {
    return this.rows.length;
  }

  /** Writes what waits now (after the write in flight, if any). Never throws. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    if (!this.rows.length) return;
    const batch = this.rows;
    this.rows = [];
    this.writing = this.insert(batch).finally(() => {
      this.writing = null;
    });
    await this.writing;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    while (this.rows.length || this.writing) await this.flush();
    if (this.stats.dropped) this.log?.warn({ webLog: this.stats }, 'web log rows were dropped');
  }

  private async insert(batch: WebLogRow[]): Promise<void> {
    try {
      // One JSON text parameter: JSON.stringify is native, where seven pg array literals were escaped value by value.
      await sql`insert into web_logs (occurred_at, user_id, user_email, method, status_code, duration_ms, url)
        select at, "userId", "user", method, "statusCode", "durationMs", url
        from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
          as r(at timestamptz, "userId" uuid, "user" text, method text, "statusCode" int, "durationMs" float8, url text)`.execute(this.db);
      this.stats.written += batch.length;
      this.stats.inserts++;
    } catch (err) {
      this.stats.dropped += batch.length;
      this.stats.failed++;
      this.log?.warn({ err, rows: batch.length }, 'could not write web log rows; dropped');
    }
  }
}
