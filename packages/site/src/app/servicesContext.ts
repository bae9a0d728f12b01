import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Services } from './services';

/** The site's services, provided once at the root. */
export const ServicesContext = createContext<Services | null>(null);

/** Reads the site's services; throws outside the provider. */
export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (services === null) throw new Error('useServices must be used inside ServicesContext');
  return services;
}

/**
 * A snapshot of the session that re-renders on every session change: signed in, observer
 * mode (read-only) and the roles that apply now.
 */
export function useSessionState(): {
  loggedIn: boolean;
  readOnly: boolean;
  observerToken: string | null;
  roles: readonly string[];
} {
  const { session } = useServices();
  const snapshot = () =>
    JSON.stringify([session.isLoggedIn(), session.observer.getToken(), session.getActiveRoles()]);
  // The same snapshot when prerendering and hydrating: the prerendered page is a visitor's.
  const key = useSyncExternalStore((notify) => session.subscribe(notify), snapshot, snapshot);
  const [loggedIn, observerToken, roles] = JSON.parse(key) as [boolean, string | null, string[]];
  return { loggedIn, readOnly: observerToken !== null, observerToken, roles };
}
