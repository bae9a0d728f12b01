import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../app/nav';
import { useServices, useSessionState } from '../../app/servicesContext';
import { AppLink, Card, DataSection, PageFrame, uiStyles, withObserverToken } from '../../app/ui';
import { useApiData } from '../../app/useApiData';

/**
 * The landing page of an observer link (`?observer_token=…`): reads the link's scope and opens
 * the account's pool dashboard, read-only.
 */
export function Component() {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const { observerToken } = useSessionState();
  const info = useApiData(
    observerToken === null
      ? null
      : async (signal) => {
          const [scope, pools] = await Promise.all([
            api.observerInfo({}, { signal }),
            api.pools({}, { signal }),
          ]);
          // A link without a pool list covers every pool of the account: open the first one.
          const pool =
            pools.list.find((item) => scope.pools.includes(item.name)) ??
            (scope.pools.length === 0
              ? pools.list.find((item) => !item.address_mining && !item.lab)
              : undefined);
          return { scope, coin: pool?.coin ?? null };
        },
    [observerToken],
  );
  useEffect(() => {
    if (info.status === 'ready' && info.data.coin !== null) {
      void navigate(withObserverToken(`/pool/${info.data.coin}/home`, observerToken), {
        replace: true,
      });
    }
  }, [info, navigate, observerToken]);
  if (observerToken === null) {
    return (
      <PageFrame title={t('site.routes.ObserverRedirect')}>
        <Card>
          <p>{t('site.observer.noToken')}</p>
          <AppLink to="/" className={uiStyles.link}>
            {t('site.nav.home')}
          </AppLink>
        </Card>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={t('site.routes.ObserverRedirect')}>
      <Card>
        <DataSection data={info}>
          {() => <p role="status">{t('site.observer.opening')}</p>}
        </DataSection>
      </Card>
    </PageFrame>
  );
}
