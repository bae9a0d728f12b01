/**
 * The bare reference of the benchmark, in its own process (started by `bench.ts`): a plain
 * `node:http` server that answers every request with the bytes in the file `argv[2]` (what the
 * PoolKit server answered for the same call), as JSON, and prints `{"port": …}` on stdout.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const body = readFileSync(process.argv[2] ?? '');
const server = http.createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ port })}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
