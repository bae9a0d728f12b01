/**
 * The live client (core's `subscribeLive`, with the contract's event schemas), imported lazily
 * by `live.ts` once a page has rendered, so it is never part of the first load.
 */
export { subscribeLive } from '@poolkit/core';
