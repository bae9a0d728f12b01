import { useSyncExternalStore } from 'react';

/** The reader's choice: follow the system, or always light or dark. */
export type ThemeChoice = 'system' | 'light' | 'dark';

/** The theme in effect. */
export type ThemeMode = 'light' | 'dark';

/** Where the choice is kept (absent: follow the system). index.html reads it before painting. */
export const THEME_STORAGE_KEY = 'theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';

const listeners = new Set<() => void>();
let watching = false;

function storedChoice(): ThemeChoice {
  try {
    const value = window.localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

function systemMode(): ThemeMode {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches
    ? 'dark'
    : 'light';
}

/** The mode a choice gives now. */
export function themeModeOf(choice: ThemeChoice): ThemeMode {
  return choice === 'system' ? systemMode() : choice;
}

/**
 * Sets `data-theme` on `<html>` (the site's dark colours hang on it, see `global.css.ts`), as
 * index.html's first script does before the first paint.
 */
function apply(): void {
  document.documentElement.setAttribute('data-theme', themeModeOf(storedChoice()));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!watching && typeof window.matchMedia === 'function') {
    watching = true;
    // While following the system, a change of the system's scheme applies at once.
    window.matchMedia(DARK_QUERY).addEventListener('change', () => {
      if (storedChoice() === 'system') apply();
    });
    // Another tab's choice.
    window.addEventListener('storage', (event) => {
      if (event.key === THEME_STORAGE_KEY) apply();
    });
  }
  return () => listeners.delete(listener);
}

const snapshot = () => `${storedChoice()}:${themeModeOf(storedChoice())}`;
// The prerendered page (and hydration) is light; the reader's theme follows right after.
const serverSnapshot = () => 'system:light';

/** Stores the choice and applies it. */
export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Private mode without storage: the choice holds for this page only.
  }
  apply();
}

/** The reader's theme choice and the mode in effect; re-renders when either changes. */
export function useTheme(): { choice: ThemeChoice; mode: ThemeMode } {
  const [choice, mode] = useSyncExternalStore(subscribe, snapshot, serverSnapshot).split(':') as [
    ThemeChoice,
    ThemeMode,
  ];
  return { choice, mode };
}
