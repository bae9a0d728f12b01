import { createI18n, DEFAULT_LANGUAGE, isLanguage } from '@poolkit/core';
import { PoolKitThemeProvider } from '@poolkit/widgets';
import { useEffect, useMemo, useState } from 'react';
import './global.css';

type Health = { status: string; db: string } | null;

function storedLanguage() {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem('language');
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/**
 * The site's shell. Until the website's routes land it shows the product name and whether the
 * API answers, so `npm start` proves the whole chain (build, server, database) works.
 */
export function App() {
  const i18n = useMemo(() => createI18n({ language: storedLanguage() }), []);
  const [health, setHealth] = useState<Health>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    document.documentElement.lang = i18n.language;
    fetch('/api/health')
      .then((response) => response.json() as Promise<{ data: Health }>)
      .then((body) => setHealth(body.data))
      .catch(() => setFailed(true));
  }, [i18n]);

  const status = failed
    ? i18n.t('common.apiDown')
    : health
      ? i18n.t('common.apiOk', { db: health.db })
      : i18n.t('common.apiChecking');

  return (
    <PoolKitThemeProvider>
      <main style={{ minHeight: '100vh', padding: '48px 24px', maxWidth: 1280, margin: '0 auto' }}>
        <h1>{i18n.t('common.productName')}</h1>
        <p>{i18n.t('common.tagline')}</p>
        <p role="status">{status}</p>
      </main>
    </PoolKitThemeProvider>
  );
}
