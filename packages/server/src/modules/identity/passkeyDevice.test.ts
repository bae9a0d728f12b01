import { describe, expect, it } from 'vitest';
import { describePasskeyDevice } from './passkeyDevice';

const NONE = '00000000-0000-0000-0000-000000000000';

describe('describePasskeyDevice', () => {
  it('should name a well-known provider and the browser and system of the request', () => {
    expect(
      describePasskeyDevice(
        'EA9B8D66-4D01-1D21-3CE4-B6B48CB575D4',
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('Google Password Manager · Chrome (Android)');
    expect(
      describePasskeyDevice(
        'fbfc3007-154e-4ecc-8c0b-6e020557d7bd',
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('iCloud Keychain · Safari (iOS)');
  });

  it('should tell Edge and Firefox from Chrome and Safari', () => {
    expect(
      describePasskeyDevice(
        NONE,
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0',
      ),
    ).toBe('Edge (Windows)');
    expect(
      describePasskeyDevice(
        NONE,
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.6; rv:132.0) Gecko/20100101 Firefox/132.0',
      ),
    ).toBe('Firefox (macOS)');
  });

  it('should never repeat the raw User-Agent, and say nothing when nothing is known', () => {
    expect(describePasskeyDevice(NONE, 'curl/8.5.0 <a href="https://evil.example">')).toBe('');
    expect(describePasskeyDevice(NONE, undefined)).toBe('');
    expect(describePasskeyDevice('08987058-cadc-4b81-b6e1-30de50dcbe96', undefined)).toBe(
      'Windows Hello',
    );
  });
});
