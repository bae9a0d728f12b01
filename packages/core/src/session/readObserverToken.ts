/** The query parameter that starts an observer session (spec section 2). */
export const OBSERVER_TOKEN_PARAM = 'observer_token';

// A base for relative URLs; it never leaves this module.
const RELATIVE_BASE = 'http://relative.invalid';

function parse(url: string | URL): { parsed: URL; relative: boolean } {
  if (url instanceof URL) return { parsed: new URL(url.href), relative: false };
  try {
    return { parsed: new URL(url), relative: false };
  } catch {
    return { parsed: new URL(url, RELATIVE_BASE), relative: true };
  }
}

/**
 * The observer token of a URL (absolute, or relative such as `/pool/kas/home?observer_token=…`),
 * or `null` when the `observer_token` query parameter is absent or empty.
 */
export function readObserverToken(url: string | URL): string | null {
  const token = parse(url).parsed.searchParams.get(OBSERVER_TOKEN_PARAM);
  return token === null || token === '' ? null : token;
}

/**
 * The same URL without its `observer_token` parameter, keeping the other parameters and the
 * hash. A relative input gives a relative result (path, query and hash).
 */
export function removeObserverToken(url: string | URL): string {
  const { parsed, relative } = parse(url);
  parsed.searchParams.delete(OBSERVER_TOKEN_PARAM);
  return relative ? `${parsed.pathname}${parsed.search}${parsed.hash}` : parsed.href;
}
