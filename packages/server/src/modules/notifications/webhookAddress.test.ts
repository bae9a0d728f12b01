import { describe, expect, it } from 'vitest';
import { isInternalAddress, webhookUrlProblem } from './webhookAddress';

describe('webhook address guard', () => {
  it.each([
    ['0.0.0.0', true],
    ['10.0.0.1', true],
    ['100.64.1.1', true],
    ['127.0.0.1', true],
    ['169.254.169.254', true],
    ['172.16.5.4', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['8.8.8.8', false],
    ['93.184.215.14', false],
    ['::1', true],
    ['::', true],
    ['::ffff:10.0.0.1', true],
    ['::ffff:8.8.8.8', false],
    ['fd12:3456::1', true],
    ['fe80::1', true],
    ['ff02::1', true],
    ['2606:4700:4700::1111', false],
    ['2a00:1450:4001:80b::200e', false],
    ['not an address', true],
    // IPv4-compatible (::a.b.c.d, deprecated): judged by the IPv4 address.
    ['::127.0.0.1', true],
    ['[::127.0.0.1]', true],
    ['::7f00:1', true],
    ['::10.0.0.1', true],
    ['::169.254.169.254', true],
    ['::8.8.8.8', false],
    // IPv4-mapped, in both notations.
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['::ffff:a9fe:a9fe', true],
    ['::ffff:808:808', false],
    // IPv4-translated (RFC 6145).
    ['::ffff:0:10.0.0.1', true],
    ['::ffff:0:8.8.8.8', false],
    // NAT64: the well-known prefix by its IPv4 address; the local-use prefix is never public.
    ['64:ff9b::127.0.0.1', true],
    ['64:ff9b::a00:1', true],
    ['64:ff9b::a9fe:a9fe', true],
    ['64:ff9b::8.8.8.8', false],
    ['64:ff9b:1::8.8.8.8', true],
    ['64:ff9b:1::a00:1', true],
    // 6to4: 2002:AABB:CCDD:: routes to AA.BB.CC.DD.
    ['2002:7f00:1::', true],
    ['[2002:7f00:1::]', true],
    ['2002:a00:1::1', true],
    ['2002:c0a8:101::1', true],
    ['2002:a9fe:a9fe::', true],
    ['2002:808:808::1', false],
    // Teredo: the server's IPv4 address, then the client's with every bit inverted.
    ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', false],
    ['2001:0:a00:1:8000:63bf:f7f7:f7f7', true],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', true],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', true],
    // Other IPv6 ranges that are not public.
    ['100::1', true],
    ['fc00::1', true],
    ['fec0::1', true],
    ['fe80::1%eth0', true],
    ['ff05::2', true],
    ['2001:db8::1', true],
    ['3fff::1', true],
    ['2001:2::1', true],
    ['5f00::1', true],
  ])('should judge %s internal: %s', (address, internal) => {
    expect(isInternalAddress(address)).toBe(internal);
  });

  it('should judge names by every address they resolve to', async () => {
    const resolveTo = (addresses: string[]) => async (): Promise<readonly string[]> => addresses;
    const check = (url: string, addresses: string[]) =>
      webhookUrlProblem(url, { allowPrivate: false, resolve: resolveTo(addresses) });
    expect(await check('https://hooks.example.com/x', ['93.184.215.14'])).toBeNull();
    expect(await check('https://hooks.example.com/x', ['93.184.215.14', '10.0.0.2'])).toMatch(
      /public address/,
    );
    expect(await check('https://metadata.google.internal/', ['93.184.215.14'])).toMatch(
      /public address/,
    );
    expect(await check('https://nowhere.example/', [])).toMatch(/could not be found/);
    expect(
      await webhookUrlProblem('https://x.example/', {
        allowPrivate: false,
        resolve: async () => {
          throw new Error('ENOTFOUND');
        },
      }),
    ).toMatch(/could not be found/);
    expect(await webhookUrlProblem('http://127.0.0.1/', { allowPrivate: true })).toBeNull();
  });
});
