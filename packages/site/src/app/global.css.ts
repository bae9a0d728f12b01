import { darkTokens, vars } from '@poolkit/widgets';
import { assignVars, globalStyle } from '@vanilla-extract/css';

globalStyle('html, body', { margin: 0, padding: 0 });
globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

// Set by index.html's first script when the prerendered page (a signed-out visitor's, in English)
// is not this user's: the app replaces it, so it must not flash meanwhile.
globalStyle('html[data-csr] #root', { visibility: 'hidden' });

// Dark mode: index.html's first script sets `data-theme` on <html> before the first paint (the
// stored choice, else the system's scheme), and the app keeps it current (`theme.ts`). Until the
// app re-renders the theme wrapper as dark, its light variables are overridden from here, so a
// prerendered page never flashes light.
globalStyle('html[data-theme="dark"]', {
  colorScheme: 'dark',
  backgroundColor: darkTokens.color.background,
});
globalStyle('html[data-theme="dark"] [data-theme="light"]', {
  vars: {
    ...assignVars(vars.color, darkTokens.color),
    ...assignVars(vars.shadow, {
      floating: '0 8px 24px rgba(0, 0, 0, 0.5), 0 2px 6px rgba(0, 0, 0, 0.4)',
    }),
  },
});
