import { Button } from '@poolkit/widgets';
import { useTranslation } from 'react-i18next';
import { useSessionState } from '../../app/servicesContext';
import { AppLink, Card, DataSection, EmptyState, PageFrame, uiStyles } from '../../app/ui';
import { useOidcProviders, useStartThirdParty } from './thirdParty';

/**
 * BindWechat: binds a WeChat identity to the signed-in user through the third-party sign-in
 * flow when the pool configures a provider `wechat`, and says it is not configured otherwise.
 */
export function Component() {
  const { t } = useTranslation();
  const providers = useOidcProviders();
  const { busy, start } = useStartThirdParty();
  const session = useSessionState();
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
              <Button loading={busy === wechat.id} onClick={() => void start(wechat.id, 'link')}>
                {t('site.thirdParty.bindWechat')}
              </Button>
            );
          }}
        </DataSection>
      </Card>
    </PageFrame>
  );
}
