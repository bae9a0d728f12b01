import type { OidcProvider } from '@poolkit/core/contract';
import { Button } from '@poolkit/widgets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError } from '../../app/feedback';
import { useServices } from '../../app/servicesContext';
import { uiStyles } from '../../app/ui';
import { useApiData } from '../../app/useApiData';

/** Where to go after a third-party sign-in (the login page's `redirect`), kept across the trip. */
const REDIRECT_KEY = 'poolkit.thirdParty.redirect';

/** Remembers the login page's `redirect` for the return page. */
export function rememberRedirect(redirect: string | null): void {
  try {
    if (redirect === null) sessionStorage.removeItem(REDIRECT_KEY);
    else sessionStorage.setItem(REDIRECT_KEY, redirect);
  } catch {
    // Storage refused (private mode): the return page goes to the default place.
  }
}

/** The `redirect` remembered by {@link rememberRedirect}, read once. */
export function takeRedirect(): string | null {
  try {
    const value = sessionStorage.getItem(REDIRECT_KEY);
    sessionStorage.removeItem(REDIRECT_KEY);
    return value;
  } catch {
    return null;
  }
}

/** The browser binding of the sign-in this tab started, kept across the trip to the provider. */
const BINDING_KEY = 'poolkit.thirdParty.binding';

/**
 * Keeps the `browser_binding` that `POST /oidc/start` answered, for the return page. In
 * `sessionStorage`: this tab only, gone with it, so a sign-in link opened anywhere else finds
 * none and is refused (see `oidcLogin.ts` on the server for why not a cookie).
 */
function rememberBinding(binding: string): void {
  try {
    sessionStorage.setItem(BINDING_KEY, binding);
  } catch {
    // Storage refused: the return page finds no binding and asks to start again.
  }
}

/** The binding kept by {@link rememberBinding}, read once; `null` when this tab started none. */
export function takeBrowserBinding(): string | null {
  try {
    const value = sessionStorage.getItem(BINDING_KEY);
    sessionStorage.removeItem(BINDING_KEY);
    return value;
  } catch {
    return null;
  }
}

/** The configured third-party sign-in providers (an empty list when the call fails). */
export function useOidcProviders() {
  const { api } = useServices();
  return useApiData(async (signal) => (await api.oidcProviders({}, { signal })).list, [], {
    silent: true,
  });
}

/**
 * What a third-party start is for: a sign-in, or a link to the signed-in user, which carries
 * the token of a fresh second validation of scene `link_identity` (the start spends it).
 */
export type ThirdPartyStart =
  | { readonly purpose: 'login' }
  | { readonly purpose: 'link'; readonly validationToken: string };

/**
 * Starts a sign-in or a link at `provider`: the browser leaves for it. `start` rejects with the
 * server's error when the start is refused (the caller reports it, or shows a refused
 * validation beside its field), and `busy` names the provider in between.
 */
export function useStartThirdParty() {
  const { api } = useServices();
  const [busy, setBusy] = useState<string | null>(null);
  async function start(provider: string, what: ThirdPartyStart) {
    setBusy(provider);
    try {
      const { authorization_url: url, browser_binding: binding } = await api.oidcStart({
        body:
          what.purpose === 'login'
            ? { provider, purpose: 'login' }
            : { provider, purpose: 'link', validation_token: what.validationToken },
      });
      rememberBinding(binding);
      window.location.assign(url);
    } catch (error) {
      setBusy(null);
      throw error;
    }
  }
  return { busy, start };
}

/** The login page's "Continue with …" buttons, one per configured provider. */
export function ThirdPartyButtons({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation();
  const providers = useOidcProviders();
  const { busy, start } = useStartThirdParty();
  const list: readonly OidcProvider[] = providers.status === 'ready' ? providers.data : [];
  if (list.length === 0) return null;
  return (
    <section className={uiStyles.form} aria-label={t('site.thirdParty.title')}>
      <p className={uiStyles.muted}>{t('site.thirdParty.or')}</p>
      {list.map((provider) => (
        <Button
          key={provider.id}
          variant="secondary"
          loading={busy === provider.id}
          onClick={() => {
            rememberRedirect(redirect);
            void start(provider.id, { purpose: 'login' }).catch(reportError);
          }}
        >
          {t('site.thirdParty.continueWith', { name: provider.name })}
        </Button>
      ))}
    </section>
  );
}
