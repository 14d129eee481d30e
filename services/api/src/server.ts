import { openDatabase, migrateToLatest, syncDefaultTimeZone } from '@insp/db';
import { seedDemo } from '@insp/db/seed';
import { createStorage } from '@insp/storage';
import { startJobRuntime } from '@insp/worker';
import pino from 'pino';
import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { identityPlugins } from './domains/auth/identity.js';

/**
 * Composition root. The same code runs embedded (PGlite, jobs in-process, development identity provider,
 * files and mail in ./.data) and at scale (DATABASE_URL, REDIS_URL, OIDC_ISSUER, S3, SMTP): configuration
 * picks the adapters.
 */
export async function startServer(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env);
  const log = pino({ level: config.logLevel });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: `${config.dataDir}/db` });
  const applied = await migrateToLatest(database.db);
  if (applied.length) log.info({ applied }, 'migrations applied');
  // The stored due dates of customers without a zone follow REPORT_TIME_ZONE (docs/decisions.md "Stored due dates").
  await syncDefaultTimeZone(database.db, config.reportTimeZone);

  const storage = createStorage(config.storage, { urlSecret: config.tokenSecret, publicUrl: config.publicUrl });
  if (config.seedOnFirstStart) {
    const seeded = await seedDemo(database.db, {
      putFile: async (key, bytes, contentType) => {
        await storage.put(key, bytes, { contentType });
      },
    });
    if (seeded) log.info('demo data seeded');
  }

  const jobs = await startJobRuntime({
    db: database.db,
    redisUrl: config.redisUrl,
    queuePrefix: config.queuePrefix,
    dataDir: config.dataDir,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    reportTimeZone: config.reportTimeZone,
    logRetentionDays: config.logRetentionDays,
    webhooks: config.webhooks,
    log,
    runProcessors: config.inProcessJobs,
    storage,
  });
  const app = await buildApp({
    config,
    db: database.db,
    jobs,
    readinessChecks: jobs.readinessChecks,
    extraPlugins: identityPlugins(config, database.db),
  });

  const close = async () => {
    await app.close();
    await jobs.close();
    await database.close();
  };
  await app.listen({ port: config.port, host: config.host });
  log.info(
    { url: config.publicUrl, database: database.dialect, jobs: config.redisUrl ? 'bullmq' : 'in-process', identity: config.oidc ? config.oidc.issuer : 'development provider' },
    'inspections platform ready',
  );
  return { app, config, close };
}

const isMain = import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('/dist/server.js');
if (isMain) {
  const server = await startServer().catch((err) => {
    console.error(err);
    process.exit(1);
  });
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      if (stopping) return;
      stopping = true;
      await server.close().catch(() => {});
      process.exit(0);
    });
  }
}
