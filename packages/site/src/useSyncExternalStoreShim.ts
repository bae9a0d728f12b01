/**
 * Stands in for `use-sync-external-store/shim` (react-i18next imports it) in the browser bundle:
 * the shim uses React's own `useSyncExternalStore` whenever React has one, as React 18 and later
 * do, so its fallback for older React is dead weight in the first load.
 */
export { useSyncExternalStore } from 'react';
