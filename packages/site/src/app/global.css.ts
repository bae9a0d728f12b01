import { globalStyle } from '@vanilla-extract/css';

globalStyle('html, body', { margin: 0, padding: 0 });
globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

// Set by index.html's first script when the prerendered page (a signed-out visitor's, in English)
// is not this user's: the app replaces it, so it must not flash meanwhile.
globalStyle('html[data-csr] #root', { visibility: 'hidden' });
