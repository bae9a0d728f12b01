import { PoolKitThemeProvider } from '@poolkit/widgets';
import { useEffect, useState } from 'react';

type Health = { status: string; db: string } | null;

/**
 * The site's shell. Until the website issue lands it shows the product name and whether the
 * API answers, so `npm start` proves the whole chain (build, server, database) works.
 */
export function App() {
  const [health, setHealth] = useState<Health>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    fetch('/api/health')
      .then((response) => response.json() as Promise<{ data: Health }>)
      .then((body) => setHealth(body.data))
      .catch(() => setFailed(true));
  }, []);

  return (
    <PoolKitThemeProvider>
      <main style={{ minHeight: '100vh', padding: '48px 24px', maxWidth: 1280, margin: '0 auto' }}>
        <h1>PoolKit</h1>
        <p>Mining pool statistics, hashrate and workers.</p>
        <p role="status">
          {failed
            ? 'API unreachable'
            : health
              ? `API ${health.status} (${health.db})`
              : 'Checking API…'}
        </p>
      </main>
    </PoolKitThemeProvider>
  );
}
