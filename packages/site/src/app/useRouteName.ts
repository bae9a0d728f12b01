import { useMatches } from './nav';

/** The name (in core's `ROUTES`) of the route being shown. */
export function useRouteName(): string {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as { name?: unknown } | undefined;
    if (typeof handle?.name === 'string') return handle.name;
  }
  return 'Home';
}
