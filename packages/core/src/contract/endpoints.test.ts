import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_PERMISSIONS } from './common';
import { type Endpoint, noInput, pathParamNames } from './endpoint';
import { endpointList, endpoints } from './endpoints';

/** The calls of spec section 7, as written there. */
const SPEC_FAMILY_A: ReadonlyArray<readonly [string, string]> = [
  ['GET', '/address-mining/pools'],
  ['GET', '/address-mining/{coin}/pool/stats'],
  ['GET', '/address-mining/{coin}/blocks'],
  ['GET', '/address-mining/{coin}/hashrates'],
  ['GET', '/address-mining/{coin}/payments/{addr}'],
  ['GET', '/address-mining/{coin}/miner/{addr}/info'],
  ['GET', '/address-mining/{coin}/miner/{addr}/hashrates'],
  ['GET', '/address-mining/{coin}/miner/{addr}/profits'],
  ['GET', '/address-mining/{coin}/miner/{addr}/workers'],
  ['GET', '/address-mining/{coin}/miner/{addr}/workers/{worker}/hashrates'],
  ['GET', '/address-mining/{coin}/workers/stats'],
  ['POST', '/v2/users/encrypt/login'],
  ['GET', '/v2/users/encrypt/pubkey'],
  ['GET', '/permissions/current'],
  ['POST', '/auth/totp/login'],
  ['POST', '/auth/totp/validation'],
  ['POST', '/users/second-validation'],
  ['POST', '/users/refresh/login'],
  ['PUT', '/users/accounts'],
  ['PUT', '/users/settings'],
  ['GET', '/users/observer/info'],
  ['GET', '/users/mine'],
  ['GET', '/media/footer-link/list'],
  ['GET', '/media/announcement/list'],
  ['POST', '/auth/validation/sms'],
  ['POST', '/auth/validation/verified-email'],
  ['POST', '/v3/auth/validation/code'],
  ['GET', '/pools'],
  ['GET', '/accounts'],
  ['GET', '/sliders'],
  ['GET', '/parameters'],
  ['GET', '/advertisements'],
  ['GET', '/v2/wallets/currency/rates'],
];

const SPEC_FAMILY_B: ReadonlyArray<readonly [string, string]> = [
  ['GET', '/pools/coin-pages'],
  ['GET', '/pools/{pool}/accounts/{account}/stats'],
  ['GET', '/pools/{pool}/accounts/{account}/hashrates'],
  ['GET', '/pools/{pool}/accounts/{account}/miners'],
  ['DELETE', '/pools/{pool}/accounts/{account}/miners'],
  ['GET', '/pools/{pool}/accounts/{account}/miners/{miner}'],
  ['GET', '/pools/{pool}/accounts/{account}/miners/{miner}/hashrates'],
  ['GET', '/pools/{pool}/accounts/{account}/miners/stats'],
  ['PUT', '/pools/{pool}/miners'],
  ['POST', '/pools/{pool}/miners/groups'],
  ['PUT', '/miners/groups/{id}'],
  ['DELETE', '/miners/groups/{id}'],
  ['GET', '/pools/{pool}/accounts/{account}/groups'],
  ['GET', '/pools/{pool}/accounts/{account}/profits/stats'],
  ['GET', '/pools/{pool}/accounts/{account}/profits'],
  ['GET', '/pools/{pool}/accounts/{account}/profits/solo'],
  ['GET', '/pools/{pool}/accounts/{account}/profits/hashrates'],
  ['GET', '/pools/{pool}/accounts/{account}/profits/unit/hashrates'],
  ['GET', '/pools/{pool}/accounts/{account}/profits/export'],
  ['GET', '/pools/{pool}/accounts/{account}/rates'],
  ['GET', '/pools/{pool}/blocks'],
  ['GET', '/pools/{pool}/hashrates'],
  ['GET', '/accounts/{account}/pay-method'],
  ['PUT', '/accounts/{account}/pools/{pool}/pay-method'],
];

/** Family-B reads of public pool data, which a visitor may call without a token. */
const FAMILY_B_PUBLIC_READS = [
  'coinPages',
  'coins',
  'labPools',
  'blogroll',
  'poolStats',
  'poolBlocks',
  'poolHashrates',
  'redPacketCampaign',
];

/** The one route ambiguity the spec imposes: a worker named `stats`. */
const ALLOWED_AMBIGUITIES = [
  'GET /pools/{pool}/accounts/{account}/miners/stats ~ GET /pools/{pool}/accounts/{account}/miners/{miner}',
];

function find(method: string, path: string): Endpoint | undefined {
  return endpointList.find((endpoint) => endpoint.method === method && endpoint.path === path);
}

function objectKeys(schema: z.ZodType): string[] | undefined {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : undefined;
}

/** True when every object a schema may be is strict (unknown keys refused). */
function isStrict(schema: z.ZodType): boolean {
  if (schema instanceof z.ZodObject) {
    const catchall = schema.def.catchall;
    return catchall !== undefined && catchall instanceof z.ZodNever;
  }
  if (schema instanceof z.ZodUnion) {
    return schema.options.every((option) => isStrict(option as z.ZodType));
  }
  return false;
}

function segmentsClash(left: string, right: string): boolean {
  const a = left.split('/');
  const b = right.split('/');
  if (a.length !== b.length) return false;
  return a.every((segment, index) => {
    const other = b[index] ?? '';
    return segment === other || segment.startsWith('{') || other.startsWith('{');
  });
}

describe('endpoints', () => {
  it('should use each endpoint id once, equal to its key', () => {
    for (const [key, endpoint] of Object.entries(endpoints)) {
      expect(endpoint.id).toBe(key);
    }
    const ids = endpointList.map((endpoint) => endpoint.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(endpointList.length).toBe(Object.keys(endpoints).length);
  });

  it('should name ids in camelCase', () => {
    for (const endpoint of endpointList) {
      expect(endpoint.id).toMatch(/^[a-z][A-Za-z0-9]*$/);
    }
  });

  it('should use each method and path pair once', () => {
    const pairs = endpointList.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it('should write paths under the base without the /api prefix or a trailing slash', () => {
    for (const endpoint of endpointList) {
      expect(endpoint.path).toMatch(/^\/[a-z0-9{}/_-]*[a-z0-9}]$/i);
      expect(endpoint.path.startsWith('/api/')).toBe(false);
    }
  });

  it('should declare every path placeholder in the params schema and nothing more', () => {
    for (const endpoint of endpointList) {
      const names = pathParamNames(endpoint.path).sort();
      const keys = objectKeys(endpoint.params);
      expect(keys, endpoint.id).toBeDefined();
      expect([...(keys ?? [])].sort(), endpoint.id).toEqual(names);
    }
  });

  it('should contain every family-A call of the spec with its exact path', () => {
    for (const [method, path] of SPEC_FAMILY_A) {
      const endpoint = find(method, path);
      expect(endpoint, `${method} ${path}`).toBeDefined();
      expect(endpoint?.family).toBe('A');
    }
  });

  it('should contain every family-B call of the spec with its exact path', () => {
    for (const [method, path] of SPEC_FAMILY_B) {
      const endpoint = find(method, path);
      expect(endpoint, `${method} ${path}`).toBeDefined();
      expect(endpoint?.family).toBe('B');
    }
  });

  it('should require a signed-in user for every account call', () => {
    for (const endpoint of endpointList) {
      if (/^\/(pools\/\{pool\}\/)?accounts(\/|$)/.test(endpoint.path)) {
        expect(['user', 'user-only'], endpoint.id).toContain(endpoint.auth);
      }
    }
  });

  it('should require a signed-in user for family B except the public pool-data reads', () => {
    for (const endpoint of endpointList) {
      if (endpoint.family !== 'B') continue;
      if (FAMILY_B_PUBLIC_READS.includes(endpoint.id)) {
        expect(endpoint.method, endpoint.id).toBe('GET');
        expect(endpoint.auth, endpoint.id).toBe('optional');
      } else {
        expect(['user', 'user-only'], endpoint.id).toContain(endpoint.auth);
      }
    }
  });

  it('should flag every non-GET call as a write and no GET call', () => {
    for (const endpoint of endpointList) {
      expect(endpoint.write, endpoint.id).toBe(endpoint.method !== 'GET');
    }
  });

  it('should not let a write be public unless it is a sign-in or sign-up step', () => {
    const publicWrites = endpointList
      .filter((endpoint) => endpoint.write && endpoint.auth === 'public')
      .map((endpoint) => endpoint.id)
      .sort();
    expect(publicWrites).toEqual(
      [
        'login',
        'passkeyAuthenticationOptions',
        'passkeyAuthenticationVerify',
        // The screen after a password reset: its recovery token travels in the body.
        'recoveryDeletePasskey',
        'recoveryPasskeys',
        'refreshToken',
        'registerEmail',
        'registerPhone',
        'resetPasswordEmail',
        'resetPasswordPhone',
        'totpLogin',
      ].sort(),
    );
  });

  it('should keep money, security and personal calls away from observers', () => {
    for (const endpoint of endpointList) {
      const personal = /^\/(wallets|contracts|coupons|invitations|messages|passkeys|tickets)(\/|$)/;
      if (endpoint.family === 'B' && personal.test(endpoint.path)) {
        expect(endpoint.auth, endpoint.id).toBe('user-only');
      }
    }
    expect(endpoints.observerLinks.auth).toBe('user-only');
    expect(endpoints.userInfo.auth).toBe('user-only');
  });

  it('should use only the permission strings of the spec', () => {
    for (const endpoint of endpointList) {
      if (endpoint.permission !== undefined) {
        expect(API_PERMISSIONS, endpoint.id).toContain(endpoint.permission);
      }
    }
    expect(endpoints.walletBalances.permission).toBe('wallet.view');
    expect(endpoints.contractOrders.permission).toBe('contract.view');
    expect(endpoints.accountWorkers.permission).toBe('miner.view');
    expect(endpoints.invitation.permission).toBe('recommend.view');
  });

  it('should keep every /admin call to operators, and admin.view to /admin calls', () => {
    for (const endpoint of endpointList) {
      const admin = endpoint.path.startsWith('/admin/');
      expect(endpoint.permission === 'admin.view', endpoint.id).toBe(admin);
      if (admin) {
        expect(endpoint.auth, endpoint.id).toBe('user-only');
        expect(endpoint.family, endpoint.id).toBe('B');
      }
    }
    expect(endpoints.adminAuditLog.path).toBe('/admin/audit-log');
  });

  it('should give no permission to public calls', () => {
    for (const endpoint of endpointList) {
      if (endpoint.auth === 'public' || endpoint.auth === 'optional') {
        expect(endpoint.permission, endpoint.id).toBeUndefined();
      }
    }
  });

  it('should take no body on GET calls', () => {
    for (const endpoint of endpointList) {
      if (endpoint.method === 'GET') expect(endpoint.body, endpoint.id).toBe(noInput);
    }
  });

  it('should refuse unknown keys in every params, query and body schema', () => {
    for (const endpoint of endpointList) {
      expect(isStrict(endpoint.params), `${endpoint.id} params`).toBe(true);
      expect(isStrict(endpoint.query), `${endpoint.id} query`).toBe(true);
      expect(isStrict(endpoint.body), `${endpoint.id} body`).toBe(true);
    }
  });

  it('should answer text only for the CSV exports', () => {
    const textEndpoints = endpointList.filter((endpoint) => endpoint.responseKind === 'text');
    expect(textEndpoints.map((endpoint) => endpoint.id)).toEqual([
      'exportProfits',
      'walletTransactionsExport',
    ]);
  });

  it('should have no ambiguous routes beyond the one the spec imposes', () => {
    const clashes: string[] = [];
    endpointList.forEach((left, index) => {
      for (const right of endpointList.slice(index + 1)) {
        if (left.method === right.method && segmentsClash(left.path, right.path)) {
          clashes.push(`${left.method} ${left.path} ~ ${right.method} ${right.path}`);
        }
      }
    });
    expect(clashes).toEqual(ALLOWED_AMBIGUITIES);
  });

  it('should accept an empty query on list calls and fill the page defaults', () => {
    const query = endpoints.accountWorkers.query.parse({});
    expect(query).toEqual({ page: 1, page_size: 10, sort: 'worker_name', order: 'asc' });
    expect(endpoints.poolBlocks.query.parse({ page: '3', page_size: '20' })).toEqual({
      page: 3,
      page_size: 20,
    });
  });

  it('should have a summary on every endpoint without table-breaking characters', () => {
    for (const endpoint of endpointList) {
      expect(endpoint.summary.length, endpoint.id).toBeGreaterThan(3);
      expect(endpoint.summary, endpoint.id).not.toMatch(/[|\n]/);
    }
  });
});
