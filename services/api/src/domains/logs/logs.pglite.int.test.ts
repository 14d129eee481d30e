import { describe, expect, it } from 'vitest';
import { createPgliteTestApp } from '../../testing/test-app.js';
import { findAppSessions } from './logs.repo.js';

describe('web and app logs on the embedded default (PGlite)', () => {
  it('writes the request log batch as one JSON parameter, and splits app sessions with the window functions', async () => {
    const t = await createPgliteTestApp('insp-weblog-');
    try {
      for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: `/auth/user?i=${i}` });
      await t.app.webLog!.flush();
      const rows = await t.db.selectFrom('web_logs').select(['method', 'status_code', 'url', 'user_email']).orderBy('id').execute();
      expect(rows).toEqual([0, 1, 2].map((i) => ({ method: 'GET', status_code: 401, url: `/auth/user?i=${i}`, user_email: null })));
      expect(t.app.webLog!.stats).toMatchObject({ inserts: 1, written: 3, dropped: 0 });

      const T = Date.UTC(2026, 0, 5, 8);
      await t.db
        .insertInto('app_logs')
        .values([0, 60_000, 400_001].map((d) => ({ occurred_at: new Date(T + d), event_name: 'e', user_email: 'a@x.example' })))
        .execute();
      const sessions = await findAppSessions(t.db, { date: '2026-01-05', offset: 0, amount: 10 });
      expect(sessions.result.map((s) => s.events)).toEqual([1, 2]);
      expect(sessions.count).toBe(2);
    } finally {
      await t.close();
    }
  });
});
