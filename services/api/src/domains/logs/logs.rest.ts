import type { FastifyInstance } from 'fastify';
import {
  APP_LOG_MAX_EVENTS,
  ZAppLogAccepted,
  ZAppLogBatch,
  ZAppLogEntry,
  ZAppLogQuery,
  ZAppLogSession,
  ZWebLogEntry,
  ZWebLogQuery,
  listResponse,
} from '@insp/contracts';
import { typed } from '../../rest/route-helpers.js';
import { ingestAppLogs, listAppLogs, listAppSessions, listWebLogs } from './logs.service.js';

const tags = ['logs'];
/** A full batch of events with the largest properties is about 1.7 MB; more is refused (413) before parsing. */
const INGEST_BODY_LIMIT = 2 * 1024 * 1024;

/** REST api/v1 routes of the logs (spec 002 §7) at their exact paths, and the field clients' ingestion call (issue 22). */
export async function logsRestRoutes(app: FastifyInstance) {
  const r = typed(app);

  r.get('/api/v1/log/web', {
    schema: { tags, summary: 'The API request log, newest first, paged (Developer flag)', querystring: ZWebLogQuery, response: { 200: listResponse(ZWebLogEntry) } },
    handler: (req) => listWebLogs(req.ctx, req.query),
  });
  r.get('/api/v1/log/web/filter', {
    schema: {
      tags,
      summary: 'The API request log of some users between start and stop, newest first, paged (Developer flag)',
      description: 'users: e-mails as csv, matched ignoring case; start, stop: epoch ms or ISO 8601, both inclusive.',
      querystring: ZWebLogQuery,
      response: { 200: listResponse(ZWebLogEntry) },
    },
    handler: (req) => listWebLogs(req.ctx, req.query),
  });
  r.get('/api/v1/log/app', {
    schema: {
      tags,
      summary: 'App log entries of a day (UTC) and a sender, newest first, paged (Developer flag)',
      querystring: ZAppLogQuery,
      response: { 200: listResponse(ZAppLogEntry) },
    },
    handler: (req) => listAppLogs(req.ctx, req.query),
  });
  r.get('/api/v1/log/app/sessions', {
    schema: {
      tags,
      summary: 'App log sessions: a sender’s events split where the gap exceeds 300000 ms, newest first, paged (Developer flag)',
      querystring: ZAppLogQuery,
      response: { 200: listResponse(ZAppLogSession) },
    },
    handler: (req) => listAppSessions(req.ctx, req.query),
  });
  // spec 002 §7 names GET /api/v1/log without its shape: the app log, as api/v1/log/app answers it.
  r.get('/api/v1/log', {
    schema: { tags, summary: 'App log entries, newest first, paged (Developer flag)', querystring: ZAppLogQuery, response: { 200: listResponse(ZAppLogEntry) } },
    handler: (req) => listAppLogs(req.ctx, req.query),
  });
  r.post('/api/v1/log', {
    bodyLimit: INGEST_BODY_LIMIT,
    schema: {
      tags,
      summary: 'Field clients send app events in batches (any signed-in user)',
      description: `At most ${APP_LOG_MAX_EVENTS} events per call; the sender is the signed-in user. Larger bodies answer 413.`,
      body: ZAppLogBatch,
      response: { 200: ZAppLogAccepted },
    },
    handler: (req) => ingestAppLogs(req.ctx, req.body),
  });
}
