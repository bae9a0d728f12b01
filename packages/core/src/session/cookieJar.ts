/**
 * Where the session keeps its cookie (`userID`). Core does not touch `document` itself: a browser
 * host passes {@link documentCookieJar}`(document)`, other hosts a {@link MemoryCookieJar}.
 */
export interface CookieJar {
  /** The cookie's value, or `null` when it is not set. */
  get(name: string): string | null;
  /** Sets a cookie for the whole site (path `/`) for the browser session. */
  set(name: string, value: string): void;
  /** Deletes a cookie. */
  remove(name: string): void;
}

/** A {@link CookieJar} kept in memory: the default of `createSession`, and for tests. */
export class MemoryCookieJar implements CookieJar {
  readonly #cookies = new Map<string, string>();

  get(name: string): string | null {
    return this.#cookies.get(name) ?? null;
  }

  set(name: string, value: string): void {
    this.#cookies.set(name, value);
  }

  remove(name: string): void {
    this.#cookies.delete(name);
  }
}

/**
 * A {@link CookieJar} over anything with a `cookie` string property in the `document.cookie`
 * format (pass `document` in a browser). Cookies are written with `path=/; SameSite=Lax`.
 */
export function documentCookieJar(target: { cookie: string }): CookieJar {
  return {
    get(name) {
      for (const part of target.cookie.split(';')) {
        const separator = part.indexOf('=');
        if (separator === -1) continue;
        if (decodeURIComponent(part.slice(0, separator).trim()) === name) {
          return decodeURIComponent(part.slice(separator + 1).trim());
        }
      }
      return null;
    },
    set(name, value) {
      target.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/; SameSite=Lax`;
    },
    remove(name) {
      target.cookie = `${encodeURIComponent(name)}=; path=/; max-age=0; SameSite=Lax`;
    },
  };
}
