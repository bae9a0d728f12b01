import net from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../contract';
import { HttpError } from '../../http/httpError';

/** The prefix of the development calls (outbox, clock, demo chain, demo workers, …). */
export const DEV_ROUTE_PREFIX = '/api/dev/';

/** 127.0.0.0/8 and ::1; `check` also matches their IPv4-mapped forms (`::ffff:127.0.0.1`). */
const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/**
 * True for a loopback address: 127.0.0.0/8, `::1` and the IPv4-mapped `::ffff:127.x.y.z`.
 * Anything else, a name or an unparseable text included, is not.
 *
 * @example
 * isLoopbackAddress('::ffff:127.0.0.1') // true
 * isLoopbackAddress('10.0.0.1') // false
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const version = net.isIP(address);
  if (version === 0) return false;
  return loopback.check(address, version === 6 ? 'ipv6' : 'ipv4');
}

/** The address of one proxy-header entry: quotes, brackets and a port taken off. */
function entryAddress(entry: string): string {
  let value = entry.trim().replace(/^"(.*)"$/, '$1');
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed?.[1] !== undefined) return bracketed[1];
  // `203.0.113.5:4711`: an IPv4 address with a port (an IPv6 one is bracketed when it has one).
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(value);
  if (withPort?.[1] !== undefined) value = withPort[1];
  return value;
}

/** Every client address the proxy headers name (`X-Forwarded-For`, `X-Real-IP`, `Forwarded`). */
function forwardedAddresses(request: FastifyRequest): string[] {
  const addresses: string[] = [];
  const texts = (name: string): string[] => {
    const value = request.headers[name];
    if (value === undefined) return [];
    return Array.isArray(value) ? value : [value];
  };
  for (const text of [...texts('x-forwarded-for'), ...texts('x-real-ip')]) {
    for (const entry of text.split(',')) addresses.push(entryAddress(entry));
  }
  for (const text of texts('forwarded')) {
    for (const element of text.split(',')) {
      for (const pair of element.split(';')) {
        const [name, value] = pair.split('=', 2);
        if (name?.trim().toLowerCase() === 'for') addresses.push(entryAddress(value ?? ''));
      }
    }
  }
  return addresses;
}

/**
 * True when the request comes from this machine: the peer of its connection is a loopback
 * address, and every client address a proxy header names is one too. The connection's peer is
 * what counts, not `request.ip`: with `TRUST_PROXY` that follows `X-Forwarded-For`, which a
 * remote client may write as it likes. And a local reverse proxy makes every client a loopback
 * peer, so the client it names in its headers must be local as well; a forged
 * `X-Forwarded-For: 127.0.0.1` behind it does not help, for the proxy appends the real client.
 */
export function isLoopbackClient(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.raw.socket?.remoteAddress)) return false;
  return forwardedAddresses(request).every(isLoopbackAddress);
}

/**
 * Lets only loopback clients ({@link isLoopbackClient}) reach the development calls
 * (`/api/dev/*`: the outbox with its codes, the clock, the demo chain and workers), wherever
 * they are registered; anyone else gets HTTP 403 code 40300. In production those calls are not
 * registered at all (404), so this adds nothing there. It is the second lock beside the address
 * the server listens on in development (127.0.0.1 unless `HOST` says otherwise): a developer
 * who opens the port to the network with `HOST=0.0.0.0` (to try the site from a phone, say)
 * still keeps the outbox's codes and the clock to this machine.
 */
export function registerDevLoopbackGuard(app: FastifyInstance): void {
  if (app.platform.config.env === 'production') return;
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (route === undefined || !route.startsWith(DEV_ROUTE_PREFIX)) return;
    if (isLoopbackClient(request)) return;
    throw new HttpError(
      403,
      ERROR_CODES.forbidden,
      'Development calls answer clients on this machine only',
    );
  });
}
