import { describe, expect, it } from 'vitest';
import { readObserverToken, removeObserverToken } from './readObserverToken';

describe('readObserverToken', () => {
  it('should read the observer_token parameter of absolute and relative URLs', () => {
    expect(readObserverToken('https://pool.example/pool/kas/home?observer_token=abc&x=1')).toBe(
      'abc',
    );
    expect(readObserverToken('/pool/kas/home?observer_token=abc')).toBe('abc');
    expect(readObserverToken(new URL('https://pool.example/?observer_token=a%2Bb'))).toBe('a+b');
  });

  it('should return null when the parameter is absent or empty', () => {
    expect(readObserverToken('/pool/kas/home?x=1')).toBeNull();
    expect(readObserverToken('/pool/kas/home?observer_token=')).toBeNull();
  });
});

describe('removeObserverToken', () => {
  it('should drop only the observer_token parameter', () => {
    expect(removeObserverToken('https://pool.example/a?x=1&observer_token=abc#top')).toBe(
      'https://pool.example/a?x=1#top',
    );
    expect(removeObserverToken('/a?observer_token=abc&x=1#top')).toBe('/a?x=1#top');
    expect(removeObserverToken('/a?observer_token=abc')).toBe('/a');
  });
});
