/** The hash that marks a page reloaded once after a chunk failed to load (spec section 2). */
export const RELOADED_HASH = '#reloaded';

/** The i18n key of the message shown when a chunk fails again after the reload. */
export const WEBSITE_UPDATED_MESSAGE_KEY = 'errors.websiteUpdated';

/** What to do after a lazy-loaded page chunk failed. */
export type ChunkLoadRecovery =
  | { action: 'reload'; url: string }
  | { action: 'show-message'; messageKey: typeof WEBSITE_UPDATED_MESSAGE_KEY };

/** Options of {@link chunkLoadRecovery}. */
export interface ChunkLoadRecoveryOptions {
  /**
   * Whether this page was already reloaded for a failed chunk.
   * @defaultValue whether `url`'s hash is `#reloaded`
   */
  alreadyReloaded?: boolean;
}

function hashOf(url: string): string {
  const hashStart = url.indexOf('#');
  return hashStart === -1 ? '' : url.slice(hashStart);
}

function withoutHash(url: string): string {
  const hashStart = url.indexOf('#');
  return hashStart === -1 ? url : url.slice(0, hashStart);
}

/**
 * The retry policy for a failed lazy-loaded page chunk (spec section 2): the first failure
 * reloads the page once at the same URL marked with `#reloaded` (a deploy usually replaced the
 * hashed files, and the fresh HTML names the new ones); a failure on a page that already carries
 * the mark shows the "website has been updated, please refresh" message instead of looping.
 * Any other hash on the URL is replaced by the mark (the site uses history mode, so the hash
 * carries no route).
 *
 * @param url - the current page URL (absolute or path)
 * @param options - `alreadyReloaded`, default: the URL's hash is `#reloaded`
 * @example
 * chunkLoadRecovery('/user/setting'); // { action: 'reload', url: '/user/setting#reloaded' }
 * chunkLoadRecovery('/user/setting#reloaded'); // { action: 'show-message', messageKey: 'errors.websiteUpdated' }
 */
export function chunkLoadRecovery(
  url: string,
  options: ChunkLoadRecoveryOptions = {},
): ChunkLoadRecovery {
  const { alreadyReloaded = hashOf(url) === RELOADED_HASH } = options;
  if (alreadyReloaded) return { action: 'show-message', messageKey: WEBSITE_UPDATED_MESSAGE_KEY };
  return { action: 'reload', url: `${withoutHash(url)}${RELOADED_HASH}` };
}

/** Messages bundlers and browsers use when a script or stylesheet chunk fails or times out. */
const CHUNK_ERROR_PATTERNS: readonly RegExp[] = [
  // Vite / native dynamic import: Chromium, Firefox and Safari wordings.
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  // Vite's preload helper for a page's CSS.
  /Unable to preload CSS/i,
  // webpack: "Loading chunk 12 failed. (timeout: …)" and "Loading CSS chunk 3 failed."
  /Loading (CSS )?chunk \S+ failed/i,
];

function matchesChunkMessage(message: string): boolean {
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message));
}

/**
 * Whether an error is a failed (or timed-out) load of a script or stylesheet chunk of Vite or
 * webpack (spec section 8): a `ChunkLoadError` by name, webpack's `CSS_CHUNK_LOAD_FAILED` code,
 * or one of the known messages ("Failed to fetch dynamically imported module", "Importing a
 * module script failed", "Loading chunk … failed", "Loading CSS chunk … failed", …). Looks at
 * the error's `cause` too, and accepts a bare message string.
 */
export function isChunkLoadError(error: unknown): boolean {
  for (let current = error, depth = 0; depth < 5; depth += 1) {
    if (typeof current === 'string') return matchesChunkMessage(current);
    if (typeof current !== 'object' || current === null) return false;
    const { name, message, code, cause } = current as {
      name?: unknown;
      message?: unknown;
      code?: unknown;
      cause?: unknown;
    };
    if (name === 'ChunkLoadError' || code === 'CSS_CHUNK_LOAD_FAILED') return true;
    if (typeof message === 'string' && matchesChunkMessage(message)) return true;
    current = cause;
  }
  return false;
}
