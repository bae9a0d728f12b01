/**
 * The `redirect` query value of the login page, made safe to navigate to after login: a path on
 * this site (`/user/setting?tab=2`), or `/` for anything else — a missing value, an absolute URL,
 * a protocol-relative `//host` or `/\host`, control characters — so the login page cannot be
 * used to send users to another site.
 *
 * @param value - the raw query value (the first one when repeated)
 * @example safeRedirectPath('https://evil.example'); // '/'
 */
export function safeRedirectPath(
  value: string | readonly (string | null)[] | null | undefined,
): string {
  const raw = typeof value === 'string' ? value : value?.[0];
  if (typeof raw !== 'string' || !raw.startsWith('/')) return '/';
  if (raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(raw)) return '/';
  return raw;
}
