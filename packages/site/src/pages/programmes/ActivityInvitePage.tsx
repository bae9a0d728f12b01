import { useTranslation } from 'react-i18next';
import { useSessionState } from '../../app/servicesContext';
import { AppLink, Card, PageFrame, uiStyles } from '../../app/ui';
import * as styles from './programmes.css';

/**
 * `/activity/invite` (public): the invitation programme explained (spec section 9: 0.2 % of
 * each invitee's mining revenue, settled the next day, statistics as of 09:50 UTC+8), with the
 * way to one's own link.
 */
export function Component() {
  const { t } = useTranslation();
  const { loggedIn } = useSessionState();
  return (
    <PageFrame title={t('site.routes.ActivityInvite')} subtitle={t('site.invitations.tagline')}>
      <div className={styles.stack}>
        <Card title={t('site.invitations.howTitle')}>
          <ol className={styles.steps}>
            <li>{t('site.invitations.step1')}</li>
            <li>{t('site.invitations.step2')}</li>
            <li>{t('site.invitations.step3')}</li>
            <li>{t('site.invitations.step4')}</li>
          </ol>
        </Card>
        <Card title={t('site.invitations.termsTitle')}>
          <ul className={styles.steps}>
            <li>{t('site.invitations.term1')}</li>
            <li>{t('site.invitations.term2')}</li>
            <li>{t('site.invitations.term3')}</li>
          </ul>
        </Card>
        <div className={styles.actions}>
          {loggedIn ? (
            <AppLink to="/user/invite" className={uiStyles.link}>
              {t('site.invitations.myLink')}
            </AppLink>
          ) : (
            <>
              <AppLink to="/register/email" className={uiStyles.link}>
                {t('site.redPackets.register')}
              </AppLink>
              <AppLink to="/login?redirect=%2Fuser%2Finvite" className={uiStyles.link}>
                {t('site.redPackets.signIn')}
              </AppLink>
            </>
          )}
        </div>
      </div>
    </PageFrame>
  );
}
