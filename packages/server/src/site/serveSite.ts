import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isApiPath, type NotFoundFallback } from '../http/errorHandler';
import { contentSecurityPolicyHeader } from '../http/security';

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

/** The `'sha256-…'` CSP sources of the inline scripts (no `src`) of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
}

/**
 * The prerendered pages of the build (`prerendered/paths.json`, written by the site's
 * `scripts/prerender.mjs`), by path, each with its file under `siteDir`.
 */
function readPrerendered(siteDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  const list = path.join(siteDir, 'prerendered', 'paths.json');
  if (!existsSync(list)) return pages;
  const paths: unknown = JSON.parse(readFileSync(list, 'utf8'));
  if (!Array.isArray(paths)) return pages;
  for (const page of paths) {
    if (typeof page !== 'string' || !page.startsWith('/')) continue;
    pages.set(page, `prerendered/${page === '/' ? 'index' : page.slice(1)}.html`);
  }
  return pages;
}

function sendNotBuiltPage(reply: FastifyReply, status: number): FastifyReply {
  return reply
    .status(status)
    .header('cache-control', revalidateCacheControl)
    .type('text/html; charset=utf-8')
    .send(notBuiltPage);
}

/** The route the static plugin registers for `prefix: '/'` with `wildcard: true`. */
const staticWildcardRoute = '/*';

/**
 * Serves the built site from `siteDir`: files as they are, with `Cache-Control` immutable for
 * the content-hashed `/static/js` and `/static/css` assets (spec section 7) and `no-cache` for
 * `index.html` and the rest. Resolves the history-mode fallback for the not-found handler: a
 * GET that is not `/api` and not a file gets `index.html`, except under `/static/`, where a
 * missing asset stays a 404 so the page's chunk-load error handling can notice a new release.
 * A path the site prerendered (`prerendered/paths.json`) gets its prerendered page instead: the
 * markup a signed-out visitor sees first, which the browser hydrates. HTML answers carry the CSP
 * with the hashes of the page's inline script.
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

  // The static plugin's wildcard route matches every path no API route took, including `/api/…`
  // paths with `..` or over-long segments (it would answer 403). Those go to the API's
  // not-found handler instead, which answers them with the error envelope.
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url === staticWildcardRoute && isApiPath(request.url)) {
      reply.callNotFound();
      return reply;
    }
    return undefined;
  });

  await app.register(fastifyStatic, {
    root: siteDir,
    prefix: '/',
    wildcard: true,
    // `/` goes to the fallback below, which may send the prerendered home page.
    index: false,
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

  const prerendered = readPrerendered(siteDir);
  // index.html's inline script (it decides, before the first paint, whether a prerendered page
  // fits the user) is allowed by its hash; the prerendered pages are copies of index.html.
  const policy = contentSecurityPolicyHeader(
    inlineScriptHashes(readFileSync(path.join(siteDir, 'index.html'), 'utf8')),
  );
  const sendPage = (pathname: string, reply: FastifyReply) =>
    reply
      .status(200)
      .header('content-security-policy', policy)
      .sendFile(prerendered.get(pathname) ?? 'index.html');

  // The static plugin would answer `/` itself (a directory: 403 without an index).
  app.route({
    method: ['GET', 'HEAD'],
    url: '/',
    handler: (_request, reply) => sendPage('/', reply),
  });

  return async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const pathname = request.url.split('?', 1)[0] ?? '';
    if (pathname.startsWith('/static/')) return false;
    sendPage(pathname, reply);
    return true;
  };
}
