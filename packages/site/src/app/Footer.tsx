import { useTranslation } from 'react-i18next';
import * as styles from './Footer.css';
import { useServices } from './servicesContext';
import { AppLink, ContentLink } from './ui';
import { useApiData } from './useApiData';

/**
 * The footer: the server's footer links in the reader's language once they arrive; until then,
 * or when the server has none, the site's own information pages.
 */
export function Footer() {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const links = useApiData(
    async (signal) => (await api.footerLinks({}, { signal })).list,
    [i18n.language],
    { silent: true },
  );
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <nav className={styles.links} aria-label={t('site.footer.label')}>
          {links.status === 'ready' && links.data.length > 0 ? (
            links.data.map((link) => (
              <ContentLink key={`${link.sort}:${link.url}`} href={link.url} className={styles.link}>
                {link.title}
              </ContentLink>
            ))
          ) : (
            <>
              <AppLink to="/about-us" className={styles.link}>
                {t('site.routes.AboutUs')}
              </AppLink>
              <AppLink to="/terms" className={styles.link}>
                {t('site.routes.Terms')}
              </AppLink>
              <AppLink to="/download" className={styles.link}>
                {t('site.routes.Download')}
              </AppLink>
              <AppLink to="/ticket" className={styles.link}>
                {t('site.routes.Ticket')}
              </AppLink>
            </>
          )}
        </nav>
        <p className={styles.copy}>
          {t('site.footer.copyright', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
