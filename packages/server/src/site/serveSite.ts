import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { NotFoundFallback } from '../http/errorHandler';

/** `Cache-Control` of content-hashed assets: cache for a year, never revalidate. */
export const immutableCacheControl = 'public, max-age=31536000, immutable';

/** `Cache-Control` of everything else the site serves: always revalidate. */
export const revalidateCacheControl = 'no-cache';

/** True when `siteDir` holds a built site (an `index.html`). */
export function isSiteBuilt(siteDir: string): boolean {
  return existsSync(path.join(siteDir, 'index.html'));
}

function isHashedAsset(siteDir: string, filePath: string): boolean {
  const relative = path.relative(siteDir, filePath).split(path.sep).join('/');
  return relative.startsWith('static/');
}

const notBuiltPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>PoolKit server</title>
</head>
<body>
<h1>PoolKit server is running</h1>
<p>The site is not built, so there is nothing to show here yet.
Build it with <code>npm run build</code> at the repository root (or point <code>SITE_DIR</code>
at a built site) and restart the server.</p>
<p>The API answers under <a href="/api/health">/api/health</a>;
its documentation is at <a href="/api/docs/ui">/api/docs/ui</a>.</p>
</body>
</html>
`;

function sendNotBuiltPage(reply: FastifyReply, status: number): FastifyReply {
  return reply
    .status(status)
    .header('cache-control', revalidateCacheControl)
    .type('text/html; charset=utf-8')
    .send(notBuiltPage);
}

/**
 * Serves the built site from `siteDir`: files as they are, with `Cache-Control` immutable for
 * the content-hashed `/static/js` and `/static/css` assets (spec section 7) and `no-cache` for
 * `index.html` and the rest. Resolves the history-mode fallback for the not-found handler: a
 * GET that is not `/api` and not a file gets `index.html`, except under `/static/`, where a
 * missing asset stays a 404 so the page's chunk-load error handling can notice a new release.
 * When the site is not built, `/` (and any other page) answers a short HTML page saying so.
 */
export async function registerSite(
  app: FastifyInstance,
  siteDir: string,
): Promise<NotFoundFallback> {
  if (!isSiteBuilt(siteDir)) {
    app.log.warn({ siteDir }, 'the site is not built; serving a placeholder page');
    return async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      const pathname = request.url.split('?', 1)[0] ?? '';
      sendNotBuiltPage(reply, pathname === '/' ? 200 : 404);
      return true;
    };
  }

  await app.register(fastifyStatic, {
    root: siteDir,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    cacheControl: false,
    dotfiles: 'ignore',
    // The site build writes .br and .gz beside each asset; send them to browsers that accept them.
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      reply.header(
        'cache-control',
        isHashedAsset(siteDir, filePath) ? immutableCacheControl : revalidateCacheControl,
      );
    },
  });

  return async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const pathname = request.url.split('?', 1)[0] ?? '';
    if (pathname.startsWith('/static/')) return false;
    reply.status(200).sendFile('index.html');
    return true;
  };
}
