import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

function issuesOf(env: Record<string, string>): { variable: string; message: string }[] {
  try {
    loadConfig(env, '/srv/poolkit');
  } catch (error) {
    if (error instanceof ConfigError) return [...error.issues];
    throw error;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('loadConfig', () => {
  it('should apply the documented defaults to an empty environment', () => {
    const config = loadConfig({}, '/srv/poolkit');
    expect(config).toMatchObject({
      env: 'development',
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/poolkit/data',
      databaseUrl: undefined,
      redisUrl: undefined,
      natsServers: undefined,
      logLevel: 'info',
      jwt: { secret: undefined, accessTtlSeconds: 7200, refreshTtlSeconds: 1_209_600 },
      bodyLimitBytes: 1_048_576,
      smtpUrl: undefined,
      demo: true,
      demoHistoryDays: 7,
      trustProxy: false,
      priceFeedUrl: undefined,
      priceDemoSeed: 1,
      exchangeQuoteTtlSeconds: 30,
      webauthn: { rpId: undefined, rpName: 'PoolKit', origins: undefined },
      siteUrl: 'http://localhost:8080',
      webhookAllowPrivate: false,
      corsOrigins: [],
      embedFrameAncestors: [],
      oidc: { providers: [], demoPort: 0 },
      coinNodes: [],
    });
    expect(config.siteDir.split(path.sep).slice(-3)).toEqual(['packages', 'site', 'dist']);
    expect(config.embedDir.split(path.sep).slice(-4)).toEqual([
      'packages',
      'widgets',
      'dist',
      'elements',
    ]);
  });

  it('should read every variable', () => {
    const config = loadConfig(
      {
        PORT: '3000',
        HOST: '127.0.0.1',
        POOLKIT_DATA_DIR: 'var/db',
        DATABASE_URL: 'postgres://pool:pw@db:5432/pool',
        REDIS_URL: 'redis://cache:6379/1',
        NATS_URL: 'nats://nats-1:4222, tls://pool:pw@nats-2:4222',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        SITE_DIR: '/opt/site',
        JWT_SECRET: 'x'.repeat(40),
        JWT_ACCESS_TTL_SECONDS: '600',
        JWT_REFRESH_TTL_SECONDS: '86400',
        BODY_LIMIT_BYTES: '65536',
        SMTP_URL: 'smtps://mailer:pw@mail.example.com:465',
        DEMO: 'yes',
        DEMO_HISTORY_DAYS: '2',
        TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
        PRICE_FEED_URL: 'https://prices.example.com/v1/latest',
        PRICE_DEMO_SEED: '7',
        EXCHANGE_QUOTE_TTL_SECONDS: '10',
        WEBAUTHN_RP_ID: 'Pool.Example.com',
        WEBAUTHN_RP_NAME: 'Example Pool',
        WEBAUTHN_ORIGINS: 'https://pool.example.com, https://www.pool.example.com:8443/',
        SITE_URL: 'https://pool.example.com/',
        WEBHOOK_ALLOW_PRIVATE: 'on',
        OIDC_PROVIDERS:
          '[{"id":"acme","name":"Acme ID","issuer":"https://id.acme.example","client_id":"pool","client_secret":"s3cret"}]',
        OIDC_DEMO_PORT: '9090',
        CORS_ORIGINS: 'https://partner.example, http://localhost:5173',
        EMBED_FRAME_ANCESTORS: 'https://partner.example,https://blog.partner.example:8443',
        EMBED_DIR: 'embed',
        LTC_RPC_URL: 'http://pool:pw@127.0.0.1:9332/wallet/pool',
        DOGE_RPC_URL: 'https://pool:pw@doge.example:22555/wallet/pool%20one',
      },
      '/srv/poolkit',
    );
    expect(config).toEqual({
      env: 'production',
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/srv/poolkit/var/db',
      databaseUrl: 'postgres://pool:pw@db:5432/pool',
      redisUrl: 'redis://cache:6379/1',
      natsServers: ['nats://nats-1:4222', 'tls://pool:pw@nats-2:4222'],
      logLevel: 'warn',
      siteDir: '/opt/site',
      jwt: { secret: 'x'.repeat(40), accessTtlSeconds: 600, refreshTtlSeconds: 86_400 },
      bodyLimitBytes: 65_536,
      smtpUrl: 'smtps://mailer:pw@mail.example.com:465',
      demo: true,
      demoHistoryDays: 2,
      trustProxy: '10.0.0.0/8, 127.0.0.1',
      priceFeedUrl: 'https://prices.example.com/v1/latest',
      priceDemoSeed: 7,
      exchangeQuoteTtlSeconds: 10,
      webauthn: {
        rpId: 'pool.example.com',
        rpName: 'Example Pool',
        origins: ['https://pool.example.com', 'https://www.pool.example.com:8443'],
      },
      siteUrl: 'https://pool.example.com',
      webhookAllowPrivate: true,
      corsOrigins: ['https://partner.example', 'http://localhost:5173'],
      embedFrameAncestors: ['https://partner.example', 'https://blog.partner.example:8443'],
      embedDir: '/srv/poolkit/embed',
      oidc: {
        providers: [
          {
            id: 'acme',
            name: 'Acme ID',
            issuer: 'https://id.acme.example',
            clientId: 'pool',
            clientSecret: 's3cret',
            trusted: false,
          },
        ],
        demoPort: 9090,
      },
      coinNodes: [
        { coin: 'ltc', variable: 'LTC_RPC_URL', url: 'http://pool:pw@127.0.0.1:9332/wallet/pool' },
        {
          coin: 'doge',
          variable: 'DOGE_RPC_URL',
          url: 'https://pool:pw@doge.example:22555/wallet/pool%20one',
        },
      ],
    });
  });

  it('should name OIDC_PROVIDERS when it is not a valid provider list', () => {
    for (const value of [
      'not json',
      '{"id":"a"}',
      '[{"id":"Bad Id","name":"x","issuer":"https://x.example","client_id":"c","client_secret":"s"}]',
      '[{"id":"a","name":"x","issuer":"ftp://x.example","client_id":"c","client_secret":"s"}]',
      '[{"id":"a","name":"x","issuer":"https://x.example","client_id":"c","client_secret":"s","trusted":"yes"}]',
    ]) {
      expect(() => loadConfig({ OIDC_PROVIDERS: value })).toThrow(/OIDC_PROVIDERS/);
    }
    expect(loadConfig({}).oidc).toEqual({ providers: [], demoPort: 0 });
  });

  it('should refuse a node URL without credentials or wallet, never showing its password', () => {
    for (const [value, expected] of [
      ['ftp://pool:hunter2@127.0.0.1:9332/wallet/pool', 'http:// or https://'],
      ['http://127.0.0.1:9332/wallet/pool', 'user and password'],
      ['http://pool:hunter2@127.0.0.1:9332/', 'must name the wallet'],
      ['http://pool:hunter2@127.0.0.1:9332/wallet/a/b', 'must name the wallet'],
      ['http://pool:hunter2@[bad/wallet/pool', 'http:// or https://'],
    ] as const) {
      const issues = issuesOf({ BTC_RPC_URL: value });
      expect(issues).toEqual([
        { variable: 'BTC_RPC_URL', message: expect.stringContaining(expected) },
      ]);
      expect(issues[0]?.message).not.toContain('hunter2');
    }
    expect(issuesOf({ DASH_RPC_URL: 'http://pool:hunter2@h:1/' })[0]?.message).toContain(
      '(got "http://pool:***@h:1/")',
    );
    expect(loadConfig({ LTC_RPC_URL: ' ' }).coinNodes).toEqual([]);
  });

  it('should take a provider as untrusted unless it says "trusted": true', () => {
    const providers = loadConfig({
      OIDC_PROVIDERS:
        '[{"id":"a","name":"A","issuer":"https://a.example","client_id":"c","client_secret":"s","trusted":true},{"id":"b","name":"B","issuer":"https://b.example","client_id":"c","client_secret":"s"}]',
    }).oidc.providers;
    expect(providers.map((provider) => [provider.id, provider.trusted])).toEqual([
      ['a', true],
      ['b', false],
    ]);
  });

  it('should take the passkey relying party from the first origin, and refuse bad ones', () => {
    expect(loadConfig({ WEBAUTHN_ORIGINS: 'https://pool.example.com' }).webauthn.rpId).toBe(
      'pool.example.com',
    );
    const variables = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).issues.map((issue) => issue.variable);
      }
    };
    expect(variables({ WEBAUTHN_RP_ID: 'https://pool.example.com' })).toEqual(['WEBAUTHN_RP_ID']);
    expect(variables({ WEBAUTHN_RP_ID: 'pool.example.com:443' })).toEqual(['WEBAUTHN_RP_ID']);
    expect(variables({ WEBAUTHN_ORIGINS: 'ftp://pool.example.com' })).toEqual(['WEBAUTHN_ORIGINS']);
    expect(variables({ WEBAUTHN_ORIGINS: 'https://pool.example.com/login' })).toEqual([
      'WEBAUTHN_ORIGINS',
    ]);
  });

  it('should refuse CORS_ORIGINS that are not bare origins, naming the variable', () => {
    for (const value of ['partner.example', 'https://partner.example/', 'ftp://partner.example']) {
      expect(() => loadConfig({ CORS_ORIGINS: value })).toThrow(/CORS_ORIGINS: must be origins/);
    }
  });

  it('should refuse EMBED_FRAME_ANCESTORS that are not bare origins, naming the variable', () => {
    for (const value of ["'self'", 'https://partner.example/page', '*']) {
      expect(() => loadConfig({ EMBED_FRAME_ANCESTORS: value })).toThrow(
        /EMBED_FRAME_ANCESTORS: must be origins/,
      );
    }
  });

  it('should let POOLKIT_ENV win over NODE_ENV and silence logs in test mode', () => {
    expect(loadConfig({ NODE_ENV: 'production', POOLKIT_ENV: 'test' }).env).toBe('test');
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
    expect(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
  });

  it('should turn the demo engine off by default in production only', () => {
    const secret = { JWT_SECRET: 's'.repeat(32) };
    expect(loadConfig({ NODE_ENV: 'production', ...secret }).demo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO: 'on', ...secret }).demo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', DEMO: '0' }).demo).toBe(false);
  });

  it('should treat empty strings as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '  ', JWT_SECRET: '', NATS_URL: '' });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.natsServers).toBeUndefined();
    expect(config.jwt.secret).toBeUndefined();
  });

  it('should listen on loopback outside production and on every interface in production, unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ POOLKIT_ENV: 'development', NODE_ENV: 'production' }).host).toBe(
      '127.0.0.1',
    );
    const secret = 'x'.repeat(40);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '::' }).host).toBe('::');
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, HOST: '10.0.0.5' }).host).toBe(
      '10.0.0.5',
    );
    expect(loadConfig({ HOST: '  ' }).host).toBe('127.0.0.1');
  });

  it('should default SITE_URL to the local port', () => {
    expect(loadConfig({ PORT: '3000' }).siteUrl).toBe('http://localhost:3000');
    expect(loadConfig({ SITE_URL: 'https://pool.example.com/app/' }).siteUrl).toBe(
      'https://pool.example.com/app',
    );
  });

  it('should accept port 0 (any free port) and the TRUST_PROXY flags', () => {
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
  });

  it('should require JWT_SECRET in production', () => {
    expect(issuesOf({ NODE_ENV: 'production' })).toEqual([
      { variable: 'JWT_SECRET', message: expect.stringContaining('required in production') },
    ]);
  });

  it('should refuse a refresh lifetime not longer than the access lifetime', () => {
    expect(issuesOf({ JWT_ACCESS_TTL_SECONDS: '3600', JWT_REFRESH_TTL_SECONDS: '3600' })).toEqual([
      { variable: 'JWT_REFRESH_TTL_SECONDS', message: expect.stringContaining('longer') },
    ]);
  });

  it.each([
    ['PORT', 'abc', 'whole number'],
    ['PORT', '70000', 'at most 65535'],
    ['PORT', '-1', 'whole number'],
    ['PORT', '80.5', 'whole number'],
    ['DATABASE_URL', 'mysql://db/pool', 'postgres://'],
    ['DATABASE_URL', 'not a url', 'must be a URL'],
    ['REDIS_URL', 'http://cache:6379', 'redis://'],
    ['NATS_URL', 'http://nats:4222', 'nats://'],
    ['NATS_URL', 'nats://nats-1:4222,not a url', 'nats://'],
    ['SMTP_URL', 'http://mail', 'smtp://'],
    ['SITE_URL', 'pool.example.com', 'must be a URL'],
    ['SITE_URL', 'ftp://pool.example.com', 'http://'],
    ['SITE_URL', 'https://pool.example.com/?ref=mail', 'site address only'],
    ['WEBHOOK_ALLOW_PRIVATE', 'maybe', 'one of 1, 0'],
    ['NODE_ENV', 'staging', 'production, development, test'],
    ['POOLKIT_ENV', 'prod', 'production, development, test'],
    ['LOG_LEVEL', 'loud', 'must be one of'],
    ['JWT_SECRET', 'short', 'at least 32 characters'],
    ['JWT_ACCESS_TTL_SECONDS', '0', 'at least 60'],
    ['JWT_REFRESH_TTL_SECONDS', 'forever', 'whole number'],
    ['BODY_LIMIT_BYTES', '1.5', 'whole number'],
    ['BODY_LIMIT_BYTES', '10', 'at least 1024'],
    ['DEMO', 'maybe', 'one of 1, 0, true'],
    ['TRUST_PROXY', 'everyone', 'comma-separated list'],
  ])('should name %s when it is %j', (variable, value, expected) => {
    const issues = issuesOf({ [variable]: value });
    expect(issues).toHaveLength(1);
    expect(issues[0]?.variable).toBe(variable);
    expect(issues[0]?.message).toContain(expected);
    expect(issues[0]?.message).toContain(JSON.stringify(value));
  });

  it('should report every bad variable at once, each on its own line', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'x', LOG_LEVEL: 'loud', DEMO: 'maybe', DEMO_HISTORY_DAYS: '31' });
    } catch (error) {
      message = error instanceof Error ? error.message : '';
    }
    expect(message.split('\n')).toEqual([
      'Invalid configuration:',
      expect.stringMatching(/^ {2}PORT: /),
      expect.stringMatching(/^ {2}LOG_LEVEL: /),
      expect.stringMatching(/^ {2}DEMO: /),
      '  DEMO_HISTORY_DAYS: must be at most 30 (got "31")',
    ]);
  });
});
