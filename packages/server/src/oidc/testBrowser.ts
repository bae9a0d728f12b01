import { expect } from 'vitest';

/** Who to be at the provider: a preset `sub` or a typed-in identity. */
export type Person =
  | { sub: string }
  | { custom: { sub: string; name: string; email?: string; verified?: boolean } };

/**
 * Plays the browser at the provider: opens the authorisation address, follows the provider's
 * redirects (keeping its cookies) to its sign-in page, signs in as `person` there and answers
 * the parameters the provider sends back to the redirect page. `cookies` is the browser's jar
 * at the provider (a fresh one by default).
 */
export async function atProvider(
  authorizationUrl: string,
  person: Person,
  cookies = new Map<string, string>(),
) {
  const provider = new URL(authorizationUrl).origin;
  /** One navigation: follows redirects within the provider, stops at the way back. */
  async function navigate(url: URL, init: RequestInit = {}): Promise<Response> {
    let target = url;
    let request = init;
    for (;;) {
      const answer = await fetch(target, {
        ...request,
        redirect: 'manual',
        headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
      });
      for (const line of answer.headers.getSetCookie()) {
        const pair = line.split(';', 1)[0] ?? '';
        const name = pair.slice(0, pair.indexOf('='));
        if (/expires=Thu, 01 Jan 1970/i.test(line)) cookies.delete(name);
        else cookies.set(name, pair.slice(name.length + 1));
      }
      const location = answer.headers.get('location');
      if (location === null || new URL(location, target).origin !== provider) return answer;
      target = new URL(location, target);
      request = {};
    }
  }
  const page = await navigate(new URL(authorizationUrl));
  expect(page.status).toBe(200);
  const action = /<form method="post" action="([^"]+)">/.exec(await page.text())?.[1];
  expect(action).toBeDefined();
  const form = new URLSearchParams();
  if ('sub' in person) form.set('sub', person.sub);
  else {
    form.set('custom_sub', person.custom.sub);
    form.set('custom_name', person.custom.name);
    if (person.custom.email !== undefined) form.set('custom_email', person.custom.email);
    if (person.custom.verified === true) form.set('custom_verified', '1');
  }
  const answer = await navigate(new URL(action ?? '', provider), { method: 'POST', body: form });
  expect(answer.status).toBe(303);
  const back = new URL(answer.headers.get('location') ?? '');
  return {
    redirect: `${back.origin}${back.pathname}`,
    code: back.searchParams.get('code') ?? '',
    state: back.searchParams.get('state') ?? '',
    iss: back.searchParams.get('iss') ?? '',
  };
}
