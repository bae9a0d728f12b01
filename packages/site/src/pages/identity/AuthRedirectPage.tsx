import { useTranslation } from 'react-i18next';
import { AppLink, Card, EmptyState, PageFrame, uiStyles } from '../../app/ui';

/**
 * The return page of a third-party login. Third-party login is not offered yet, so the page
 * says so and leads back to the login page.
 */
export function Component() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('site.routes.AuthRedirect')}>
      <Card>
        <EmptyState
          text={t('site.authRedirect.text')}
          action={
            <AppLink to="/login" className={uiStyles.link}>
              {t('site.reset.backToLogin')}
            </AppLink>
          }
        />
      </Card>
    </PageFrame>
  );
}
