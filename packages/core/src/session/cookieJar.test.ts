import { describe, expect, it } from 'vitest';
import { documentCookieJar, MemoryCookieJar } from './cookieJar';

describe('MemoryCookieJar', () => {
  it('should set, read and remove a cookie', () => {
    const jar = new MemoryCookieJar();
    jar.set('userID', '42');
    expect(jar.get('userID')).toBe('42');
    jar.remove('userID');
    expect(jar.get('userID')).toBeNull();
  });
});

describe('documentCookieJar', () => {
  it('should read the document.cookie format and write site-wide cookies', () => {
    const written: string[] = [];
    const target = {
      get cookie() {
        return 'theme=dark; userID=a%20b; empty=';
      },
      set cookie(value: string) {
        written.push(value);
      },
    };
    const jar = documentCookieJar(target);
    expect(jar.get('userID')).toBe('a b');
    expect(jar.get('empty')).toBe('');
    expect(jar.get('missing')).toBeNull();
    jar.set('userID', '7');
    jar.remove('userID');
    expect(written).toEqual([
      'userID=7; path=/; SameSite=Lax',
      'userID=; path=/; max-age=0; SameSite=Lax',
    ]);
  });
});
