import { describe, expect, it } from 'vitest';
import { chunkLoadRecovery, isChunkLoadError } from './chunkLoadRecovery';

describe('chunkLoadRecovery', () => {
  it('should reload once with #reloaded on the first failure', () => {
    expect(chunkLoadRecovery('https://pool.example/user/setting?tab=2')).toEqual({
      action: 'reload',
      url: 'https://pool.example/user/setting?tab=2#reloaded',
    });
  });

  it('should show the website-updated message when the URL already has #reloaded', () => {
    expect(chunkLoadRecovery('https://pool.example/user/setting#reloaded')).toEqual({
      action: 'show-message',
      messageKey: 'errors.websiteUpdated',
    });
  });

  it('should replace another hash with the mark', () => {
    expect(chunkLoadRecovery('/miners#top')).toEqual({ action: 'reload', url: '/miners#reloaded' });
  });

  it('should follow an explicit alreadyReloaded flag', () => {
    expect(chunkLoadRecovery('/miners', { alreadyReloaded: true }).action).toBe('show-message');
    expect(chunkLoadRecovery('/miners#reloaded', { alreadyReloaded: false })).toEqual({
      action: 'reload',
      url: '/miners#reloaded',
    });
  });
});

describe('isChunkLoadError', () => {
  it('should recognise a failed Vite dynamic import (Chromium)', () => {
    expect(
      isChunkLoadError(
        new TypeError(
          'Failed to fetch dynamically imported module: https://pool.example/static/js/Home-3f2a.js',
        ),
      ),
    ).toBe(true);
  });

  it('should recognise a failed dynamic import in Firefox and Safari', () => {
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
  });

  it('should recognise webpack script chunk failures and time-outs', () => {
    expect(isChunkLoadError(new Error('Loading chunk 12 failed.\n(error: /static/js/12.js)'))).toBe(
      true,
    );
    expect(
      isChunkLoadError(
        new Error('Loading chunk src_pages_Home failed.\n(timeout: /static/js/x.js)'),
      ),
    ).toBe(true);
  });

  it('should recognise CSS chunk failures', () => {
    expect(isChunkLoadError(new Error('Loading CSS chunk 3 failed.\n(/static/css/3.css)'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('Unable to preload CSS for /static/css/Home-1a2b.css'))).toBe(
      true,
    );
    expect(isChunkLoadError({ code: 'CSS_CHUNK_LOAD_FAILED', message: 'x' })).toBe(true);
  });

  it('should recognise a ChunkLoadError by name', () => {
    const error = new Error('something');
    error.name = 'ChunkLoadError';
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('should look at the cause and at bare strings', () => {
    expect(
      isChunkLoadError(
        new Error('Route failed', { cause: new TypeError('Importing a module script failed.') }),
      ),
    ).toBe(true);
    expect(isChunkLoadError('Failed to fetch dynamically imported module: /x.js')).toBe(true);
  });

  it('should not take other errors for chunk errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError(new Error('Request failed with status code 500'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
    expect(isChunkLoadError(42)).toBe(false);
  });
});
