import { useTranslation } from 'react-i18next';
import * as styles from './Footer.css';
import { useServices } from './servicesContext';
import { AppLink } from './ui';
import { useApiData } from './useApiData';

/** The footer: the site's own links and, when the server has them, its footer links. */
export function Footer() {
  const { t } = useTranslation();
  const { api } = useServices();
  const links = useApiData(async (signal) => (await api.footerLinks({}, { signal })).list, [], {
    silent: true,
  });
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <nav className={styles.links} aria-label={t('site.footer.label')}>
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
          {links.status === 'ready'
            ? links.data.map((link) => (
                <a
                  key={link.url}
                  href={link.url}
                  className={styles.link}
                  rel="noopener noreferrer"
                  target="_blank"
                >
                  {link.title}
                </a>
              ))
            : null}
        </nav>
        <p className={styles.copy}>
          {t('site.footer.copyright', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
