// The floor of a file transfer through HTTP on this machine: a bare node:http server in its own process that streams
// a request's body to a file (POST) and a file to the response (GET), with nothing else: no multipart parsing, no
// hash, no content check, no database. Started by bench/http-product.ts startFileFloor for document-upload-http.
import { createReadStream, createWriteStream } from 'node:fs';
import { createServer } from 'node:http';
import { pipeline } from 'node:stream/promises';

const file = process.env.FLOOR_FILE;
createServer(async (req, res) => {
  if (req.url === '/ready') return res.end('ok');
  if (req.method === 'POST') {
    await pipeline(req, createWriteStream(file));
    return res.writeHead(201, { 'content-type': 'application/json' }).end('{}');
  }
  res.writeHead(200, { 'content-type': 'application/pdf' });
  await pipeline(createReadStream(file), res);
}).listen(Number(process.env.PORT), '127.0.0.1');
