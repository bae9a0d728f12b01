// @poolkit/core/session: storage keys, tokens, the refresh rule and scheduler, observer mode.
export * from './cookieJar';
export * from './createRefreshScheduler';
export * from './createSession';
export * from './decodeJwtPayload';
export * from './memoryStorage';
export * from './readObserverToken';
export * from './shouldRefreshToken';
export * from './storageKeys';
