import { resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { logRetentionDaysSetting, reportTimeZoneSetting } from '@insp/contracts';
import { storageConfigFromEnv, type StorageConfig } from '@insp/storage';
import { webhookSettingsFromEnv, type WebhookSettings } from '@insp/webhooks';

/** Every setting the product reads; README lists them. The embedded default needs none of them. */
export interface AppConfig {
  nodeEnv: string;
  port: number;
  host: string;
  /** Address users reach the product at; links in e-mails and OIDC redirects are built from it. */
  publicUrl: string;
  /** Folder of everything the embedded default keeps (db, files, mail). */
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  /** BullMQ key prefix; API and workers sharing one Redis must use the same. */
  queuePrefix: string;
  oidc?: { issuer: string; clientId: string; clientSecret: string };
  companyEmailDomain: string;
  smtpUrl?: string;
  mailFrom: string;
  storage: StorageConfig;
  tokenSecret: Uint8Array;
  tokenTtlSeconds: number;
  /** Built web app to serve, if present. */
  webDist?: string;
  /** Run job processors inside the API process (embedded default; also when REDIS_URL is unset). */
  inProcessJobs: boolean;
  seedOnFirstStart: boolean;
  logLevel: string;
  /** How long a PDF request waits for its render before answering 202 (the client retries). */
  reportPdfWaitMs: number;
  /** REPORT_TIME_ZONE: the IANA zone of reports whose customer has none (issue 20); default UTC. */
  reportTimeZone: string;
  /** Issue 20: a shared report link's lifetime in days when the sharer names none (SHARED_LINK_DAYS, default 7)... */
  sharedLinkDays: number;
  /** ...and the most a sharer may ask for (SHARED_LINK_MAX_DAYS, default 30; never below the default). */
  sharedLinkMaxDays: number;
  /** Issue 21: the largest document the library takes (DOCUMENT_MAX_MB, default 200 MB); uploads stream, never held whole. */
  documentMaxBytes: number;
  /** Issue 21: how long a document's storage URL (and a pre-signed upload's links) stay valid (DOCUMENT_LINK_SECONDS, default 300). */
  documentLinkSeconds: number;
  /**
   * Issue 22: the request log written to web_logs for /weblogs. WEB_LOG=off stops writing it (the stdout line stays);
   * rows are buffered and written in batches every `flushMs` or `batchRows` rows; past `capacity` waiting rows new
   * ones are dropped and counted (docs/decisions.md, "Web and app logs").
   */
  /** LOG_RETENTION_DAYS (default 90): the embedded jobs delete web and app log rows older than this. */
  logRetentionDays: number;
  webLog: { enabled: boolean; flushMs: number; batchRows: number; capacity: number };
  /**
   * Issue 22: WEBHOOK_ALLOW_PRIVATE (true lets webhooks reach private, loopback and link-local addresses),
   * WEBHOOK_ALLOW_NETWORKS (CIDRs allowed anyway), WEBHOOK_RETRY_BASE_MS (first retry delay, default 60 000),
   * WEBHOOK_TIMEOUT_MS (one attempt, default 10 000). The worker reads the same.
   */
  webhooks: WebhookSettings;
}

/**
 * The token secret: TOKEN_SECRET at scale (every API process must share it); on the embedded default a
 * random secret is made once and kept in the data folder, so tokens survive restarts.
 */
function tokenSecret(env: NodeJS.ProcessEnv, dataDir: string): Uint8Array {
  if (env.TOKEN_SECRET) {
    if (env.TOKEN_SECRET.length < 32) throw new Error('TOKEN_SECRET must be at least 32 characters');
    return new TextEncoder().encode(env.TOKEN_SECRET);
  }
  if (env.NODE_ENV === 'production') throw new Error('TOKEN_SECRET is required when NODE_ENV=production');
  const file = resolve(dataDir, 'token-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 3650) throw new Error(`${name} must be a whole number from 1 to 3650`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const port = Number(env.PORT ?? 3000);
  const dataDir = resolve(env.DATA_DIR ?? '.data');
  const oidc =
    env.OIDC_ISSUER && env.OIDC_CLIENT_ID
      ? { issuer: env.OIDC_ISSUER, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET ?? '' }
      : undefined;
  const storage = storageConfigFromEnv(env, dataDir);
  const base: AppConfig = {
    nodeEnv: env.NODE_ENV ?? 'development',
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    queuePrefix: env.QUEUE_PREFIX || 'bull',
    oidc,
    companyEmailDomain: (env.COMPANY_EMAIL_DOMAIN ?? 'company.example').toLowerCase(),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Inspections <no-reply@company.example>',
    storage,
    tokenSecret: new Uint8Array(),
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS ?? 8 * 3600),
    webDist: env.WEB_DIST ?? resolve('apps/web/dist'),
    inProcessJobs: !env.REDIS_URL,
    // The embedded default seeds the demo data on its first start; a real database only when asked.
    seedOnFirstStart: env.SEED_DEMO_DATA ? env.SEED_DEMO_DATA === 'true' : !env.DATABASE_URL,
    logLevel: env.LOG_LEVEL ?? 'info',
    reportPdfWaitMs: Number(env.REPORT_PDF_WAIT_MS ?? 20_000),
    reportTimeZone: reportTimeZoneSetting(env.REPORT_TIME_ZONE),
    sharedLinkDays: positiveInt(env.SHARED_LINK_DAYS, 7, 'SHARED_LINK_DAYS'),
    sharedLinkMaxDays: positiveInt(env.SHARED_LINK_MAX_DAYS, 30, 'SHARED_LINK_MAX_DAYS'),
    documentMaxBytes: positiveInt(env.DOCUMENT_MAX_MB, 200, 'DOCUMENT_MAX_MB') * 1024 * 1024,
    documentLinkSeconds: positiveInt(env.DOCUMENT_LINK_SECONDS, 300, 'DOCUMENT_LINK_SECONDS'),
    logRetentionDays: logRetentionDaysSetting(env.LOG_RETENTION_DAYS),
    webLog: { enabled: env.WEB_LOG !== 'off', flushMs: 1000, batchRows: 500, capacity: 20_000 },
    webhooks: webhookSettingsFromEnv(env),
  };
  const merged = { ...base, ...overrides };
  merged.sharedLinkMaxDays = Math.max(merged.sharedLinkMaxDays, merged.sharedLinkDays);
  if (!overrides.tokenSecret) merged.tokenSecret = tokenSecret(env, merged.dataDir);
  return merged;
}
