import { existsSync } from 'node:fs';

/** Debian's old headless shell (package chromium-headless-shell). */
export const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
/** Debian's Chromium (package chromium). */
export const CHROMIUM = '/usr/bin/chromium';

/**
 * The Chromium the tests drive (the browser projects and the e2e journeys): `$CHROME_PATH` when
 * set, else Debian's headless shell when it is installed, else Debian's Chromium. The headless
 * shell is the same engine and version without the browser's window layer; measured on the e2e
 * guard journeys, it took 25 s where Chromium took 65 s, and the e2e lane 507 s instead of 859 s,
 * so the suite prefers it. What users see is checked in it all the
 * same: both render with Blink, and `scripts/screenshot.mjs` keeps the full browser for pictures
 * a person looks at.
 *
 * @returns {string}
 */
export function testChromiumPath() {
  const chosen = process.env.CHROME_PATH;
  if (chosen !== undefined && chosen !== '') return chosen;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM;
}

/**
 * The flags every launch of the tests, the screenshots and the bench passes (the CI machines run
 * as root, without a GPU).
 */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'];
