import { describe, expect, it } from 'vitest';
import { shouldScrollToTop } from './shouldScrollToTop';

describe('shouldScrollToTop', () => {
  it('should reset the scroll when the path changes', () => {
    expect(shouldScrollToTop('/miners', '/miners/detail/3')).toBe(true);
  });

  it('should keep the scroll when only the query or hash changes', () => {
    expect(shouldScrollToTop('/miners?page=1', '/miners?page=2')).toBe(false);
    expect(shouldScrollToTop('/terms', '/terms#fees')).toBe(false);
  });

  it('should leave the first navigation to the browser', () => {
    expect(shouldScrollToTop(undefined, '/')).toBe(false);
  });
});
