import { describe, expect, it } from 'vitest';
import { buildPath } from '../contract/endpoint';

describe('buildPath', () => {
  it('should fill and encode placeholders', () => {
    expect(buildPath('/a/{coin}/b/{addr}', { coin: 'kas', addr: 'x y' })).toBe('/a/kas/b/x%20y');
  });
});
