import type { DemoIdentity } from './demoProvider';

/** What a typed-in subject may look like (the form checks it too). */
const SUBJECT = /^[A-Za-z0-9._-]{1,64}$/;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Demo ID's sign-in page: one button per seeded identity, and a form to be anyone else. Every
 * form posts to `action` (the interaction's own address).
 */
export function signInPage(identities: readonly DemoIdentity[], action: string): string {
  const form = `<form method="post" action="${escapeHtml(action)}">`;
  const presets = identities
    .map(
      (identity) =>
        `${form}<input type="hidden" name="sub" value="${escapeHtml(identity.sub)}"><button type="submit">Continue as ${escapeHtml(identity.name)}${identity.email === undefined ? '' : ` (${escapeHtml(identity.email)})`}</button></form>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Demo ID</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
button{display:block;width:100%;margin:.5rem 0;padding:.6rem;font-size:1rem;cursor:pointer}
label{display:block;margin:.5rem 0}input[type=text],input[type=email]{width:100%;padding:.4rem;box-sizing:border-box}</style>
</head><body><main><h1>Demo ID</h1>
<p>A local identity provider for the PoolKit demo. It checks no password: choose who to be.</p>
${presets}
<h2>Someone else</h2>
${form}
<label>Subject <input type="text" name="custom_sub" required pattern="[A-Za-z0-9._\\-]{1,64}"></label>
<label>Name <input type="text" name="custom_name" required maxlength="64"></label>
<label>Email <input type="email" name="custom_email" maxlength="254"></label>
<label><input type="checkbox" name="custom_verified" value="1"> Email verified</label>
<button type="submit">Continue</button></form></main></body></html>`;
}

/**
 * Who the sign-in form chose: a seeded identity by its `sub`, or the typed-in one (any email,
 * verified or not: Demo ID vouches for nothing). Undefined when neither is valid.
 */
export function identityFromForm(
  form: URLSearchParams,
  identities: readonly DemoIdentity[],
): DemoIdentity | undefined {
  const preset = identities.find((identity) => identity.sub === form.get('sub'));
  if (preset !== undefined) return preset;
  const sub = form.get('custom_sub') ?? '';
  if (!SUBJECT.test(sub)) return undefined;
  const email = form.get('custom_email') ?? '';
  return {
    sub,
    name: (form.get('custom_name') ?? '').slice(0, 64) || sub,
    ...(email === '' ? {} : { email, emailVerified: form.get('custom_verified') === '1' }),
  };
}
