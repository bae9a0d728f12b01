// The public API of @poolkit/core: every area, each also its own entry
// (`@poolkit/core/contract`, `@poolkit/core/client`, …; see package.json `exports`).
// Named exports only; each area's index.ts says what it exports.
export * from './access';
export * from './client';
export * from './constants';
export * from './contract';
export * from './domain';
export * from './format';
export * from './i18n';
export * from './nextTask';
export * from './session';
export * from './validators';
