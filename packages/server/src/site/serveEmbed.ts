import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  ADDRESS_MINING_COINS,
  COIN_IDS,
  ERROR_CODES,
  isAddressMiningCoin,
  isCoinId,
  isMiningAddressShape,
} from '@poolkit/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { badField } from '../domain/errors';
import { HttpError } from '../http/httpError';
import { contentSecurityPolicyHeader } from '../http/security';
import { immutableCacheControl, revalidateCacheControl } from './serveSite';

/** The module's file name in the elements' build (`@poolkit/widgets`' `dist/elements`). */
export const ELEMENTS_FILE = 'poolkit-elements.js';

/** The manifest beside it, written by the build: `{ version, file, integrity }`. */
export const ELEMENTS_MANIFEST = 'poolkit-elements.json';

/** The built module as the manifest describes it. */
export interface ElementsBuild {
  /** The `@poolkit/widgets` version it was built from; its URL carries it. */
  readonly version: string;
  /** Its SRI value, `sha384-…`, of the bytes served (whatever the manifest says). */
  readonly integrity: string;
  /** Its path: `/embed/v<version>/poolkit-elements.js`. */
  readonly url: string;
  /** Its bytes. */
  readonly code: Buffer;
}

/** The widgets with an iframe route, `/embed/<name>`, each showing `<poolkit-<name>>`. */
export const EMBED_WIDGETS = [
  'hashrate-chart',
  'pool-stats',
  'blocks',
  'luck',
  'halving-countdown',
  'worker-table',
] as const;

/** A widget of {@link EMBED_WIDGETS}. */
export type EmbedWidget = (typeof EMBED_WIDGETS)[number];

const RANGES = ['24h', '1d', '7d', '30d'];
const LANGS = ['en', 'zh', 'ru', 'ja', 'ko'];
const THEMES = ['light', 'dark'];

const NOT_BUILT_MESSAGE =
  'The embeddable widgets are not built: run `npm run build -w @poolkit/widgets` (or point EMBED_DIR at a folder with poolkit-elements.js and poolkit-elements.json)';

/**
 * Reads the elements' build from `embedDir`: `null` when the module or its manifest is missing
 * or the manifest does not describe it. The SRI hash is computed from the module's bytes, so a
 * manifest left over from another build cannot make browsers refuse the module.
 */
export function readElementsBuild(embedDir: string): ElementsBuild | null {
  const manifestPath = path.join(embedDir, ELEMENTS_MANIFEST);
  const modulePath = path.join(embedDir, ELEMENTS_FILE);
  if (!existsSync(manifestPath) || !existsSync(modulePath)) return null;
  const manifest: unknown = JSON.parse(readFileSync(manifestPath, 'utf8'));
  if (
    typeof manifest !== 'object' ||
    manifest === null ||
    !('version' in manifest) ||
    !('integrity' in manifest) ||
    typeof manifest.version !== 'string' ||
    typeof manifest.integrity !== 'string' ||
    !/^[0-9A-Za-z.+-]+$/.test(manifest.version)
  ) {
    return null;
  }
  const code = readFileSync(modulePath);
  return {
    version: manifest.version,
    integrity: `sha384-${createHash('sha384').update(code).digest('base64')}`,
    url: `/embed/v${manifest.version}/${ELEMENTS_FILE}`,
    code,
  };
}

/** `&`, `<`, `>` and `"` as entities, for an attribute value. */
function escapeAttribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/**
 * The attributes of the element an iframe route shows, from its query: `coin` (a coin of the
 * pool; for the worker table one mined by address), `lang`, `theme`, and the widget's own `range` (hashrate chart) or
 * `address` (worker table, required). Throws HTTP 400 naming the first bad field.
 */
export function embedAttributes(
  widget: EmbedWidget,
  query: Readonly<Record<string, unknown>>,
): [string, string][] {
  const text = (name: string): string | undefined => {
    const value = query[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') badField(name, 'must be given once');
    return value;
  };
  const oneOf = (name: string, allowed: readonly string[]): string | undefined => {
    const value = text(name);
    if (value !== undefined && !allowed.includes(value)) {
      badField(name, `must be one of ${allowed.join(', ')}`);
    }
    return value;
  };
  const coin = text('coin');
  if (coin === undefined || !isCoinId(coin)) {
    badField('coin', `must be one of ${COIN_IDS.join(', ')}`);
  }
  const attributes: [string, string][] = [['coin', coin]];
  if (widget === 'hashrate-chart') {
    const range = oneOf('range', RANGES);
    if (range !== undefined) attributes.push(['range', range]);
  }
  if (widget === 'worker-table') {
    if (!isAddressMiningCoin(coin)) {
      badField('coin', `must be a coin mined by address: ${ADDRESS_MINING_COINS.join(', ')}`);
    }
    const address = text('address');
    if (address === undefined || !isMiningAddressShape(coin, address)) {
      badField('address', `must be a ${coin} mining address`);
    }
    attributes.push(['address', address]);
  }
  const lang = oneOf('lang', LANGS);
  const theme = oneOf('theme', THEMES);
  if (lang !== undefined) attributes.push(['lang', lang]);
  if (theme !== undefined) attributes.push(['theme', theme]);
  return attributes;
}

/** The page of an iframe route: the module, loaded with its SRI hash, and one element. */
export function embedPage(
  widget: EmbedWidget,
  attributes: readonly [string, string][],
  build: ElementsBuild,
): string {
  const lang = attributes.find(([name]) => name === 'lang')?.[1] ?? 'en';
  const written = attributes
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  return `<!doctype html>
<html lang="${escapeAttribute(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>PoolKit</title>
<script type="module" src="${build.url}" integrity="${escapeAttribute(build.integrity)}" crossorigin="anonymous"></script>
</head>
<body>
<poolkit-${widget}${written}></poolkit-${widget}>
</body>
</html>
`;
}

/**
 * Serves the embeddable widgets (README "Embedding without a build"):
 *
 * - `GET /embed/v<version>/poolkit-elements.js`: the custom elements' module, cached for a year
 *   (the version is in the URL), readable by any page (`Access-Control-Allow-Origin: *`: module
 *   scripts are fetched in CORS mode) and embeddable (`Cross-Origin-Resource-Policy:
 *   cross-origin`);
 * - `GET /embed/elements.json`: its manifest (version, file, SRI hash) and URL, revalidated;
 * - `GET /embed/<widget>?coin=…`: a small page showing one element, for an `<iframe>`. Its CSP's
 *   `frame-ancestors` is `EMBED_FRAME_ANCESTORS` (`'none'` when unset) and it sends no
 *   `X-Frame-Options`; every other page keeps refusing to be framed.
 *
 * The module is read from `embedDir` (`EMBED_DIR`); until it is built, these answer 404 saying so.
 */
export function registerEmbed(app: FastifyInstance): void {
  const { embedDir, embedFrameAncestors } = app.platform.config;
  let build: ElementsBuild | null = null;
  const currentBuild = (): ElementsBuild => {
    // Read once found; until then, on each request (the widgets may be built after the start).
    build ??= readElementsBuild(embedDir);
    if (build === null) throw new HttpError(404, ERROR_CODES.notFound, NOT_BUILT_MESSAGE);
    return build;
  };
  const pagePolicy = contentSecurityPolicyHeader([], embedFrameAncestors);

  app.get('/embed/elements.json', async (_request, reply) => {
    const { version, integrity, url } = currentBuild();
    return reply
      .header('cache-control', revalidateCacheControl)
      .header('access-control-allow-origin', '*')
      .send({ version, file: ELEMENTS_FILE, integrity, url });
  });

  const sendModule = async (version: string, reply: FastifyReply) => {
    const current = currentBuild();
    if (version !== `v${current.version}`) {
      throw new HttpError(
        404,
        ERROR_CODES.notFound,
        `This server serves the embeddable widgets of version ${current.version} only, at ${current.url}`,
      );
    }
    return reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', immutableCacheControl)
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(current.code);
  };
  app.get<{ Params: { version: string } }>(`/embed/:version/${ELEMENTS_FILE}`, (request, reply) =>
    sendModule(request.params.version, reply),
  );

  app.get<{ Params: { widget: string }; Querystring: Record<string, unknown> }>(
    '/embed/:widget',
    async (request, reply) => {
      const widget = request.params.widget;
      if (!(EMBED_WIDGETS as readonly string[]).includes(widget)) {
        throw new HttpError(
          404,
          ERROR_CODES.notFound,
          `No such widget to embed: the iframe routes are ${EMBED_WIDGETS.map((name) => `/embed/${name}`).join(', ')}`,
        );
      }
      const attributes = embedAttributes(widget as EmbedWidget, request.query);
      const page = embedPage(widget as EmbedWidget, attributes, currentBuild());
      reply.removeHeader('x-frame-options');
      return reply
        .header('content-security-policy', pagePolicy)
        .header('cache-control', revalidateCacheControl)
        .type('text/html; charset=utf-8')
        .send(page);
    },
  );
}
