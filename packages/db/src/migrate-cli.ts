import { openDatabase } from './client.js';
import { migrateToLatest, migrateDown } from './migrator.js';

/** npm run migrate [-- down]: migrates DATABASE_URL, or the embedded database in DATA_DIR/db. */
const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ? `${process.env.DATA_DIR}/db` : undefined });
try {
  if (process.argv.includes('down')) {
    await migrateDown(handle.db);
    console.log('migrated down one step');
  } else {
    const applied = await migrateToLatest(handle.db);
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'up to date');
  }
} finally {
  await handle.close();
}
