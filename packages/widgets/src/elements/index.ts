// The entry of `dist/elements/poolkit-elements.js`, the one self-contained ES module a partner
// loads with a script tag (`vite.elements.config.ts` builds it with React, core and the widgets
// inside). The widgets' CSS reaches it as a string: the build replaces the placeholder below
// with the text of the stylesheet it would otherwise emit (`build/elementsBundle.ts`).
import { defineElements } from './defineElements';

defineElements({ cssText: '__POOLKIT_ELEMENTS_CSS__', moduleUrl: import.meta.url });
