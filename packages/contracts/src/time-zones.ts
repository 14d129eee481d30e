import { ZText } from './common.js';
import { canonicalTimeZone, TIME_ZONE_MESSAGE } from './time-zone-dates.js';

// The zones and the dates written in them are in time-zone-dates.ts, without zod: the web app's first load needs
// them (issue 23). This module adds the schema and re-exports them.
export * from './time-zone-dates.js';

/** An IANA time zone name, answered in its listed spelling; anything else is refused with TIME_ZONE_MESSAGE. */
export const ZTimeZone = ZText.trim()
  .max(64)
  .transform((v, ctx) => {
    const zone = canonicalTimeZone(v);
    if (!zone) ctx.addIssue({ code: 'custom', message: TIME_ZONE_MESSAGE });
    return zone ?? v;
  });
