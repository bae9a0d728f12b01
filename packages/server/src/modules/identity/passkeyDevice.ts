/**
 * A short description of the device a passkey was added on, for the notice that tells the user
 * (`notifications/passkeyNotice.ts`): the passkey provider its AAGUID names, when it is a
 * well-known one, and the browser and system of the request's User-Agent, as
 * `Google Password Manager · Chrome (Android)`. Only names from the fixed lists below go out,
 * never the raw User-Agent (a client chooses it freely), so the text is the same in every
 * language and cannot carry a link or a message of the client's.
 */

/**
 * Well-known passkey providers by AAGUID (from the community list
 * passkeydeveloper/passkey-authenticator-aaguids). An unknown or all-zero AAGUID (a browser
 * may blank it when no attestation is asked for) names nothing.
 */
const PROVIDERS: Readonly<Record<string, string>> = {
  'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4': 'Google Password Manager',
  'adce0002-35bc-c60a-648b-0b25f1f05503': 'Chrome on Mac',
  'fbfc3007-154e-4ecc-8c0b-6e020557d7bd': 'iCloud Keychain',
  '08987058-cadc-4b81-b6e1-30de50dcbe96': 'Windows Hello',
  '9ddd1817-af5a-4672-a2b9-3e3dd95000a9': 'Windows Hello',
  '6028b017-b1d4-4c02-b4b3-afcdafc96bb2': 'Windows Hello',
  'bada5566-a7aa-401f-bd96-45619a55120d': '1Password',
  'd548826e-79b4-db40-a3d8-11116f7e8349': 'Bitwarden',
  '53414d53-554e-4700-0000-000000000000': 'Samsung Pass',
};

/** Browsers, the first match wins (Edge and Opera also say Chrome, Chrome also says Safari). */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** Systems, the first match wins (Android also says Linux, iPadOS may say Macintosh). */
const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\bWindows NT\b/, 'Windows'],
  [/\biPhone\b|\biPod\b/, 'iOS'],
  [/\biPad\b/, 'iPadOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function firstMatch(text: string, list: readonly (readonly [RegExp, string])[]): string | null {
  for (const [pattern, name] of list) {
    if (pattern.test(text)) return name;
  }
  return null;
}

/**
 * The device description of a new passkey, or `''` when nothing is known (the notice then says
 * "an unknown device" in the user's language).
 *
 * @example
 * describePasskeyDevice('ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4', 'Mozilla/5.0 (Linux; Android 14) … Chrome/130.0 Mobile Safari/537.36')
 * // 'Google Password Manager · Chrome (Android)'
 */
export function describePasskeyDevice(aaguid: string, userAgent: string | undefined): string {
  const provider = PROVIDERS[aaguid.toLowerCase()] ?? null;
  const agent = userAgent ?? '';
  const browser = firstMatch(agent, BROWSERS);
  const system = firstMatch(agent, SYSTEMS);
  const where =
    browser !== null && system !== null ? `${browser} (${system})` : (browser ?? system);
  return [provider, where].filter((part) => part !== null).join(' · ');
}
