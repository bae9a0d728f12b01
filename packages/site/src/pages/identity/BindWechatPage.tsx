import { Button } from '@poolkit/widgets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices, useSessionState } from '../../app/servicesContext';
import { AppLink, Card, DataSection, EmptyState, PageFrame, uiStyles } from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { LinkIdentityDialog } from '../user/LinkIdentityDialog';
import { useOidcProviders } from './thirdParty';

/**
 * BindWechat: binds a WeChat identity to the signed-in user through the third-party sign-in
 * flow when the pool configures a provider `wechat` (after a second validation, as every link),
 * and says it is not configured otherwise.
 */
export function Component() {
  const { t } = useTranslation();
  const { api } = useServices();
  const providers = useOidcProviders();
  const session = useSessionState();
  const user = useApiData(
    session.loggedIn ? async (signal) => api.userInfo({}, { signal }) : null,
    [session.loggedIn],
  );
  const [linking, setLinking] = useState(false);
  return (
    <PageFrame title={t('site.routes.BindWechat')}>
      <Card>
        <DataSection data={providers}>
          {(list) => {
            const wechat = list.find((provider) => provider.id === 'wechat');
            if (wechat === undefined)
              return <EmptyState text={t('site.thirdParty.wechatNotConfigured')} />;
            if (!session.loggedIn) {
              return (
                <EmptyState
                  text={t('site.thirdParty.signInFirst')}
                  action={
                    <AppLink to="/login?redirect=%2Fbind-wechat" className={uiStyles.link}>
                      {t('site.reset.backToLogin')}
                    </AppLink>
                  }
                />
              );
            }
            return (
              <DataSection data={user}>
                {(info) => (
                  <>
                    <Button onClick={() => setLinking(true)}>
                      {t('site.thirdParty.bindWechat')}
                    </Button>
                    {linking ? (
                      <LinkIdentityDialog
                        provider={wechat}
                        user={info}
                        onClose={() => setLinking(false)}
                      />
                    ) : null}
                  </>
                )}
              </DataSection>
            );
          }}
        </DataSection>
      </Card>
    </PageFrame>
  );
}
