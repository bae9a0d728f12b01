import type { OidcProvider } from '@poolkit/core';
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

/** The configured third-party sign-in providers (an empty list when the call fails). */
export function useOidcProviders() {
  const { api } = useServices();
  return useApiData(async (signal) => (await api.oidcProviders({}, { signal })).list, [], {
    silent: true,
  });
}

/** Starts a sign-in (`login`) or linking (`link`) at `provider`: the browser leaves for it. */
export function useStartThirdParty() {
  const { api } = useServices();
  const [busy, setBusy] = useState<string | null>(null);
  async function start(provider: string, purpose: 'login' | 'link') {
    setBusy(provider);
    try {
      const { authorization_url: url } = await api.oidcStart({ body: { provider, purpose } });
      window.location.assign(url);
    } catch (error) {
      reportError(error);
      setBusy(null);
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
            void start(provider.id, 'login');
          }}
        >
          {t('site.thirdParty.continueWith', { name: provider.name })}
        </Button>
      ))}
    </section>
  );
}
