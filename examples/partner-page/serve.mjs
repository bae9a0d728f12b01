#!/usr/bin/env node
// Serves the partner page from its own origin, filling in the pool's origin and the elements'
// URL and SRI hash (read from the pool's /embed/elements.json at each request).
//
//   node examples/partner-page/serve.mjs --pool http://localhost:8080 --port 5173
//
// The site's e2e test imports `startPartnerPage` to serve it beside the server under test.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const page = join(import.meta.dirname, 'index.html');

/** The page with its placeholders filled in for the pool at `poolOrigin`. */
export async function partnerPageHtml(poolOrigin) {
  const response = await fetch(new URL('/embed/elements.json', poolOrigin));
  if (!response.ok) {
    throw new Error(`${poolOrigin}/embed/elements.json answered ${response.status}`);
  }
  const manifest = await response.json();
  return (await readFile(page, 'utf8'))
    .replaceAll('{{POOL_ORIGIN}}', new URL(poolOrigin).origin)
    .replaceAll('{{ELEMENTS_URL}}', manifest.url)
    .replaceAll('{{INTEGRITY}}', manifest.integrity);
}

/**
 * Starts the partner page's server: `/` is the page, anything else 404.
 * @param {{ poolOrigin: string, port?: number, host?: string }} options
 * @returns {Promise<{ origin: string, close: () => Promise<void> }>}
 */
export async function startPartnerPage({ poolOrigin, port = 0, host = '127.0.0.1' }) {
  const server = createServer((request, reply) => {
    const { pathname } = new URL(request.url ?? '/', 'http://partner');
    if (pathname !== '/' && pathname !== '/index.html') {
      reply.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    partnerPageHtml(poolOrigin).then(
      (html) => reply.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html),
      (error) =>
        reply.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' }).end(String(error)),
    );
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const origin = `http://${host === '127.0.0.1' ? 'localhost' : host}:${address.port}`;
  return {
    origin,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (process.argv[1] === import.meta.filename) {
  const { values } = parseArgs({
    options: {
      pool: { type: 'string', default: 'http://localhost:8080' },
      port: { type: 'string', default: '5173' },
    },
  });
  const { origin } = await startPartnerPage({ poolOrigin: values.pool, port: Number(values.port) });
  console.log(`Partner page on ${origin}, showing the pool at ${values.pool}`);
}
