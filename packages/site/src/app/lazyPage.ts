import { CHUNK_LOAD_TIMEOUT_MS } from '@poolkit/core/constants';
import { chunkLoadRecovery, isChunkLoadError, RELOADED_HASH } from '@poolkit/core/domain';
import { WebsiteUpdatedError } from './chunkErrors';
import type { PageModule } from './pages';

/** The location of the navigation in flight, if any. */
export type PendingLocation = () => { pathname: string; search: string } | undefined;

function withTimeout(load: () => Promise<PageModule>): Promise<PageModule> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      const error = new Error('Loading chunk page failed. (timeout)');
      error.name = 'ChunkLoadError';
      reject(error);
    }, CHUNK_LOAD_TIMEOUT_MS);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Loads a page chunk; on a chunk-load failure reloads the target page once, marked `#reloaded`,
 * and on a second failure throws {@link WebsiteUpdatedError} (core's `chunkLoadRecovery`).
 */
export function lazyPage(load: () => Promise<PageModule>, pending: PendingLocation) {
  return async (): Promise<PageModule> => {
    try {
      return await withTimeout(load);
    } catch (error) {
      if (!isChunkLoadError(error)) throw error;
      const target = pending() ?? window.location;
      const url = `${window.location.origin}${target.pathname}${target.search}`;
      const decision = chunkLoadRecovery(url, {
        alreadyReloaded: window.location.hash === RELOADED_HASH,
      });
      if (decision.action === 'show-message') throw new WebsiteUpdatedError();
      window.history.replaceState(null, '', decision.url);
      window.location.reload();
      return new Promise<PageModule>(() => undefined);
    }
  };
}
