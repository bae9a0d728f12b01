import { existsSync } from 'node:fs';

/** Debian's old headless shell (package chromium-headless-shell). */
export const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
/** Debian's Chromium (package chromium). */
export const CHROMIUM = '/usr/bin/chromium';

/**
 * The Chromium the tests drive: `$CHROME_PATH` when set, else Debian's headless shell when it is
 * installed, else Debian's Chromium. The headless shell is the same engine and version without
 * the browser's window layer; measured on the e2e guard journeys, it took 25 s where Chromium
 * took 65 s, and less CPU, so the suite prefers it. What users see is checked in it all the
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
 * The Chromium the e2e journeys drive: `$CHROME_PATH` when set, else Debian's Chromium when it is
 * installed, else the headless shell. In the headless shell the passkey journeys failed in one
 * clean-clone run of three (two files' virtual authenticators at once, on one browser), so the
 * journeys keep the full browser until that is understood; the unit projects use the shell.
 *
 * @returns {string}
 */
export function e2eChromiumPath() {
  const chosen = process.env.CHROME_PATH;
  if (chosen !== undefined && chosen !== '') return chosen;
  return existsSync(CHROMIUM) ? CHROMIUM : HEADLESS_SHELL;
}

/**
 * The flags every launch of the tests, the screenshots and the bench passes (the CI machines run
 * as root, without a GPU).
 */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'];
