import { useEffect, useState } from 'react';

/**
 * The current time in epoch milliseconds, refreshed every `intervalMs` while mounted. When
 * `fixedNow` is given it is returned as it is and no timer runs: stories, tests and server
 * rendering pass a fixed instant so the output is repeatable.
 *
 * @param intervalMs - default 1000
 */
export function useNow(fixedNow: number | undefined, intervalMs = 1000): number {
  const [now, setNow] = useState(() => fixedNow ?? Date.now());
  useEffect(() => {
    if (fixedNow !== undefined) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [fixedNow, intervalMs]);
  return fixedNow ?? now;
}
