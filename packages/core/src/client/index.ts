// @poolkit/core/client: the HTTP client and typed API, errors, password encryption, live updates.
export * from './apiError';
export * from './createApi';
export * from './createHttpClient';
export * from './describeError';
export * from './encryptPassword';
export * from './lazyApi';
export * from './sessionHttpOptions';
export * from './solveCaptcha';
export * from './subscribeLive';
