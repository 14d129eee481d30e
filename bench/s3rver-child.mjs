// An S3-compatible server for storage-streaming.bench.ts, in a process of its own; answers its port to the parent.
import { createRequire } from 'node:module';
const require = createRequire(new URL('../packages/storage/package.json', import.meta.url));
const S3rver = require('s3rver');
const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: process.argv[2], configureBuckets: [{ name: 'bench', configs: [] }] });
const { port } = await server.run();
process.send({ port });
process.on('disconnect', () => server.close().then(() => process.exit(0)));
