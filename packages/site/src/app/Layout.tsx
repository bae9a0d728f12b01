import { Button } from '@poolkit/widgets';
import { useTranslation } from 'react-i18next';
import { WebsiteUpdatedError } from './chunkErrors';
import { Feedback } from './Feedback';
import { Footer } from './Footer';
import { Header } from './Header';
import * as styles from './Layout.css';
import { Outlet, ScrollRestoration, useRouteError } from './nav';

/** The page frame: header, content up to 1280 px, footer, and the error messages. */
export function Layout() {
  return (
    <div className={styles.shell}>
      <ScrollRestoration />
      <a className={styles.skipLink} href="#content">
        <SkipText />
      </a>
      <Header />
      <main id="content" className={styles.main}>
        <Outlet />
      </main>
      <Footer />
      <Feedback />
    </div>
  );
}

function SkipText() {
  const { t } = useTranslation();
  return <>{t('site.layout.skipToContent')}</>;
}

/** Shown while the first navigation (guard, page chunk) is pending. */
export function ShellFallback() {
  const { t } = useTranslation();
  return (
    <div className={styles.fallback} role="status">
      {t('common.loading')}
    </div>
  );
}

/** The error frame of a route: the website-updated message, or the error with a retry. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const updated = error instanceof WebsiteUpdatedError;
  const text = updated
    ? t('errors.websiteUpdated')
    : error instanceof Error && error.name === 'NavigationAbortedError'
      ? t('site.layout.navigationAborted')
      : t('site.layout.pageFailed');
  return (
    <div className={styles.errorFrame} role="alert" data-testid="route-error">
      <p>{text}</p>
      {updated ? null : (
        <Button variant="secondary" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </Button>
      )}
    </div>
  );
}
