import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safeRedirectPath';

describe('safeRedirectPath', () => {
  it('should keep a path on this site, with its query and hash', () => {
    expect(safeRedirectPath('/user/setting?tab=2#top')).toBe('/user/setting?tab=2#top');
  });

  it('should take the first of repeated values', () => {
    expect(safeRedirectPath(['/asset/index', '/user'])).toBe('/asset/index');
  });

  it('should fall back to / for a missing value', () => {
    expect(safeRedirectPath(undefined)).toBe('/');
    expect(safeRedirectPath(null)).toBe('/');
    expect(safeRedirectPath([])).toBe('/');
  });

  it('should refuse other sites', () => {
    expect(safeRedirectPath('https://evil.example/')).toBe('/');
    expect(safeRedirectPath('//evil.example/')).toBe('/');
    expect(safeRedirectPath('/\\evil.example/')).toBe('/');
    expect(safeRedirectPath('javascript:alert(1)')).toBe('/');
  });

  it('should refuse control characters', () => {
    expect(safeRedirectPath('/\t/evil.example')).toBe('/');
    expect(safeRedirectPath('/user\n')).toBe('/');
  });
});
