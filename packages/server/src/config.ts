import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { redactRpcUrl } from './modules/chain/bitcoinRpc';

/** The three run modes. `POOLKIT_ENV` wins over `NODE_ENV`; both unset means development. */
export type RunMode = 'production' | 'development' | 'test';

/** Pino log levels accepted by `LOG_LEVEL`. */
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** The server's whole configuration, read once from the environment by {@link loadConfig}. */
export interface Config {
  /** `POOLKIT_ENV`, else `NODE_ENV`. Default `development`. */
  readonly env: RunMode;
  /** `PORT`. Default `8080`; `0` picks a free port. */
  readonly port: number;
  /**
   * `HOST`: the address to listen on. Default `0.0.0.0` (every interface) in production, and
   * `127.0.0.1` (this machine only) in development and test: a development server holds the
   * outbox's codes, a clock anyone could move and demo accounts with known passwords, so it
   * reaches the network only when `HOST` says so (`HOST=0.0.0.0`).
   */
  readonly host: string;
  /** `POOLKIT_DATA_DIR`, absolute. Default `./data` (from the working directory). */
  readonly dataDir: string;
  /** `DATABASE_URL`: a `postgres://` URL selects a real PostgreSQL; unset means PGlite. */
  readonly databaseUrl: string | undefined;
  /** `REDIS_URL`: when set, rate limits live in Redis instead of PostgreSQL. */
  readonly redisUrl: string | undefined;
  /**
   * `NATS_URL`: NATS servers with JetStream (`nats://` or `tls://`, several separated by
   * commas). When set, the server consumes the share stream into the ingest seam and the demo
   * simulator publishes its shares there. Unset: no stream, the simulator calls the seam.
   */
  readonly natsServers: readonly string[] | undefined;
  /** `LOG_LEVEL`. Default `info`, or `silent` in test mode. */
  readonly logLevel: LogLevel;
  /** `SITE_DIR`, absolute: the built site. Default `packages/site/dist` of this repository. */
  readonly siteDir: string;
  readonly jwt: {
    /**
     * `JWT_SECRET`, at least 32 characters. Required in production; elsewhere, when unset, one
     * is generated once and kept in the database (`app_settings`, which lives in the data folder
     * on PGlite), see `resolveJwtSecret`.
     */
    readonly secret: string | undefined;
    /** `JWT_ACCESS_TTL_SECONDS`. Default `7200` (2 hours). */
    readonly accessTtlSeconds: number;
    /** `JWT_REFRESH_TTL_SECONDS`. Default `1209600` (14 days). */
    readonly refreshTtlSeconds: number;
  };
  /** `BODY_LIMIT_BYTES`. Default `1048576` (1 MiB). */
  readonly bodyLimitBytes: number;
  /** `SMTP_URL` (`smtp://` or `smtps://`); unset means mail goes to the development outbox. */
  readonly smtpUrl: string | undefined;
  /** `DEMO`: run the demo pool engine. Default on outside production, off in production. */
  readonly demo: boolean;
  /**
   * `DEMO_HISTORY_DAYS`: days of simulated history the demo engine writes on a fresh database,
   * 1 to 30. Default `7` (the longest chart span a fresh demo fills).
   */
  readonly demoHistoryDays: number;
  /**
   * `TRUST_PROXY`: trust `X-Forwarded-For` from a load balancer, so rate limits see the
   * client's address: `true` (any proxy) or a comma-separated list of proxy addresses or CIDR
   * ranges. Default `false`.
   */
  readonly trustProxy: boolean | string;
  /**
   * `PRICE_FEED_URL` (`http://` or `https://`): the market feed the server reads coin prices in
   * USD and currency rates from, once a minute (see `modules/prices/httpFeed.ts` for its shape).
   * Unset: the demo drifts reference prices when `demo` is on; otherwise no prices are known.
   */
  readonly priceFeedUrl: string | undefined;
  /** `PRICE_DEMO_SEED`: the seed of the demo prices' random walk. Default `1`. */
  readonly priceDemoSeed: number;
  /** `EXCHANGE_QUOTE_TTL_SECONDS`: how long an exchange quote holds. Default `30`. */
  readonly exchangeQuoteTtlSeconds: number;
  /** Passkeys (WebAuthn): the relying party the site is, see `modules/identity/passkeys.ts`. */
  readonly webauthn: {
    /**
     * `WEBAUTHN_RP_ID`: the relying party id, a host name (`pool.example.com`); passkeys are
     * bound to it. Default: the host of `WEBAUTHN_ORIGINS`' first origin; when both are unset,
     * the host name each request arrived at (fine on one address, as in development).
     */
    readonly rpId: string | undefined;
    /** `WEBAUTHN_RP_NAME`: the name authenticators show. Default `PoolKit`. */
    readonly rpName: string;
    /**
     * `WEBAUTHN_ORIGINS`: the origins (`https://pool.example.com`, several separated by commas)
     * a ceremony may come from. Unset: the origin each request arrived at (its protocol and
     * `Host`), so set it behind a proxy that rewrites them.
     */
    readonly origins: readonly string[] | undefined;
  };
  /**
   * `SITE_URL` (`http://` or `https://`, no trailing slash): the site's public address, for the
   * links in emails. Default `http://localhost:<PORT>`.
   */
  readonly siteUrl: string;
  /**
   * `WEBHOOK_ALLOW_PRIVATE`: let alert webhooks go to loopback, private, link-local and other
   * internal addresses (tests and development with a local receiver). Default off: such
   * addresses are refused when saved and, after DNS resolution, when delivered.
   */
  readonly webhookAllowPrivate: boolean;
  /**
   * `CORS_ORIGINS`: the other origins (`https://app.example`, separated by commas) whose pages
   * may make every call, signed in, with credentials. Any other origin may only read the public
   * calls of family A, without credentials (`http/cors.ts`). Default: none.
   */
  readonly corsOrigins: readonly string[];
  /**
   * `EMBED_FRAME_ANCESTORS`: the origins (`https://partner.example`, separated by commas) whose
   * pages may show the widgets' iframe routes (`/embed/<widget>`), as the CSP's
   * `frame-ancestors`. Every other page keeps refusing to be framed. Default: none (`'none'`).
   */
  readonly embedFrameAncestors: readonly string[];
  /**
   * `EMBED_DIR`, absolute: the built custom elements (`poolkit-elements.js` and
   * `poolkit-elements.json`) served under `/embed/`. Default `packages/widgets/dist/elements` of
   * this repository.
   */
  readonly embedDir: string;
  readonly oidc: {
    /**
     * `OIDC_PROVIDERS`: a JSON array of OpenID Connect providers users may sign in with, each
     * `{"id", "name", "issuer", "client_id", "client_secret", "trusted"}` (`id` lower-case
     * letters, digits and `-`; `wechat` is the one BindWechat binds; `trusted` optional, default
     * `false`, see {@link OidcProviderConfig.trusted}). Default none.
     */
    readonly providers: readonly OidcProviderConfig[];
    /**
     * `OIDC_DEMO_PORT`: the port of the local demo OpenID provider ("Demo ID") that the server
     * starts beside itself in demo mode; `0` (default) picks a free port.
     */
    readonly demoPort: number;
  };
  /**
   * `<COIN>_RPC_URL` (`BTC_RPC_URL`, `LTC_RPC_URL`, `DOGE_RPC_URL`, `DASH_RPC_URL`): the coins
   * paid through a Bitcoin Core family node's wallet,
   * `http://user:password@host:port/wallet/NAME`. The start checks each node (see
   * `modules/chain/connectNodes.ts`). A coin without one stays on the demo chain. Default none.
   */
  readonly coinNodes: readonly CoinNodeConfig[];
}

/** The coins whose nodes speak Bitcoin Core's RPC, each with its `<COIN>_RPC_URL`. */
export const NODE_RPC_COINS = ['btc', 'ltc', 'doge', 'dash'] as const;

/** A coin of {@link NODE_RPC_COINS}. */
export type NodeRpcCoin = (typeof NODE_RPC_COINS)[number];

/** One coin on its node. */
export interface CoinNodeConfig {
  readonly coin: NodeRpcCoin;
  /** The variable it came from (`LTC_RPC_URL`), for the start check's messages. */
  readonly variable: string;
  /** With the password: never log it (`redactRpcUrl`). */
  readonly url: string;
}

/** The environment variable of a coin's node. */
export function rpcUrlVariable(coin: NodeRpcCoin): string {
  return `${coin.toUpperCase()}_RPC_URL`;
}

/** One OpenID Connect provider of `OIDC_PROVIDERS`. */
export interface OidcProviderConfig {
  readonly id: string;
  readonly name: string;
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /**
   * `trusted` of `OIDC_PROVIDERS`, default `false`: whether the provider's `email_verified` is
   * believed enough to link its identity to an existing account with that email at sign-in.
   * Mark trusted only a provider that really proves email ownership (and whose accounts an
   * outsider cannot make for someone else's address). An untrusted provider (the demo "Demo ID"
   * always) never links by email: its user signs in with the password and links it in settings.
   * Even a trusted one never links to an operator's account.
   */
  readonly trusted: boolean;
}

/** One bad environment variable. */
export interface ConfigIssue {
  readonly variable: string;
  readonly message: string;
}

/** Thrown by {@link loadConfig}; its message names every bad variable, one per line. */
export class ConfigError extends Error {
  readonly issues: readonly ConfigIssue[];

  constructor(issues: readonly ConfigIssue[]) {
    super(
      `Invalid configuration:\n${issues.map((issue) => `  ${issue.variable}: ${issue.message}`).join('\n')}`,
    );
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

/** The environment as `process.env` gives it. */
export type Environment = Readonly<Record<string, string | undefined>>;

const repositorySiteDir = path.resolve(fileURLToPath(new URL('../../site/dist', import.meta.url)));
const repositoryEmbedDir = path.resolve(
  fileURLToPath(new URL('../../widgets/dist/elements', import.meta.url)),
);

const runModes = ['production', 'development', 'test'] as const;
const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const truthy = new Set(['1', 'true', 'yes', 'on']);
const falsy = new Set(['0', 'false', 'no', 'off']);

/** Empty strings count as unset, as shells and `.env` files often leave them. */
function optionalText() {
  return z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));
}

function integer(min: number, max: number) {
  return optionalText().pipe(
    z
      .string()
      .regex(/^\d+$/, `must be a whole number between ${min} and ${max}`)
      .transform(Number)
      .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
      .optional(),
  );
}

function urlWithProtocols(protocols: readonly string[]) {
  const expected = protocols.map((protocol) => `${protocol}//`).join(' or ');
  return optionalText().pipe(
    z
      .string()
      .refine((value) => URL.canParse(value), `must be a URL (${expected}…)`)
      .refine(
        (value) => !URL.canParse(value) || protocols.includes(new URL(value).protocol),
        `must start with ${expected}`,
      )
      .optional(),
  );
}

function flag() {
  return optionalText().pipe(
    z
      .string()
      .transform((value) => value.toLowerCase())
      .refine(
        (value) => truthy.has(value) || falsy.has(value),
        'must be one of 1, 0, true, false, yes, no, on, off',
      )
      .transform((value) => truthy.has(value))
      .optional(),
  );
}

function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return optionalText().pipe(
    z
      .string()
      .transform((value) => value.toLowerCase())
      .pipe(z.enum(values, { error: `must be one of ${values.join(', ')}` }))
      .optional(),
  );
}

/** Comma-separated origins (`scheme://host[:port]`, nothing more), e.g. `CORS_ORIGINS`. */
function originList(example: string) {
  return optionalText().pipe(
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== ''),
      )
      .refine(
        (origins) =>
          origins.every(
            (origin) =>
              URL.canParse(origin) &&
              ['http:', 'https:'].includes(new URL(origin).protocol) &&
              new URL(origin).origin === origin,
          ),
        `must be origins such as ${example} (scheme, host and port only), separated by commas`,
      )
      .optional(),
  );
}

const oidcProvidersSchema = z
  .array(
    z
      .object({
        id: z
          .string()
          .regex(/^[a-z0-9-]{1,32}$/, 'id must be 1-32 lower-case letters, digits or -'),
        name: z.string().trim().min(1, 'name must not be empty').max(64),
        issuer: z
          .string()
          .refine(
            (value) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol),
            'issuer must be an http:// or https:// URL',
          ),
        client_id: z.string().min(1, 'client_id must not be empty').max(256),
        client_secret: z.string().min(1, 'client_secret must not be empty').max(512),
        trusted: z.boolean('trusted must be true or false').optional(),
      })
      .strict(),
  )
  .refine(
    (list) => new Set(list.map((provider) => provider.id)).size === list.length,
    'provider ids must be unique',
  );

function oidcProviders() {
  return optionalText().pipe(
    z
      .string()
      .transform((value, context) => {
        try {
          return JSON.parse(value) as unknown;
        } catch {
          context.addIssue({ code: 'custom', message: 'must be a JSON array of providers' });
          return z.NEVER;
        }
      })
      .pipe(
        z.unknown().transform((value, context) => {
          const parsed = oidcProvidersSchema.safeParse(value);
          if (parsed.success) return parsed.data;
          const issue = parsed.error.issues[0];
          context.addIssue({
            code: 'custom',
            message: `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`,
          });
          return z.NEVER;
        }),
      )
      .optional(),
  );
}

/** A node's wallet URL: `http://user:password@host:port/wallet/NAME`. */
function nodeRpcUrl() {
  return optionalText().pipe(
    z
      .string()
      .refine(
        (value) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol),
        'must be an http:// or https:// URL (http://user:password@host:port/wallet/NAME)',
      )
      .refine(
        (value) => !URL.canParse(value) || new URL(value).password !== '',
        'must carry the RPC user and password (http://user:password@host:port/wallet/NAME)',
      )
      .refine(
        (value) => !URL.canParse(value) || /^\/wallet\/[^/]+\/?$/.test(new URL(value).pathname),
        'must name the wallet: http://user:password@host:port/wallet/NAME',
      )
      .optional(),
  );
}

const nodeRpcUrls = Object.fromEntries(
  NODE_RPC_COINS.map((coin) => [rpcUrlVariable(coin), nodeRpcUrl()]),
) as Record<`${Uppercase<NodeRpcCoin>}_RPC_URL`, ReturnType<typeof nodeRpcUrl>>;

const environmentSchema = z.object({
  ...nodeRpcUrls,
  OIDC_PROVIDERS: oidcProviders(),
  OIDC_DEMO_PORT: integer(0, 65_535),
  CORS_ORIGINS: originList('https://app.example'),
  EMBED_FRAME_ANCESTORS: originList('https://partner.example'),
  EMBED_DIR: optionalText(),
  PRICE_FEED_URL: urlWithProtocols(['http:', 'https:']),
  PRICE_DEMO_SEED: integer(0, 4_294_967_295),
  EXCHANGE_QUOTE_TTL_SECONDS: integer(1, 3_600),
  SITE_URL: optionalText().pipe(
    z
      .string()
      .refine((value) => URL.canParse(value), 'must be a URL (http:// or https://…)')
      .refine(
        (value) => !URL.canParse(value) || ['http:', 'https:'].includes(new URL(value).protocol),
        'must start with http:// or https://',
      )
      .refine((value) => {
        if (!URL.canParse(value)) return true;
        const url = new URL(value);
        return url.search === '' && url.hash === '' && url.username === '';
      }, 'must be the site address only, without query, fragment or credentials')
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
  ),
  WEBHOOK_ALLOW_PRIVATE: flag(),
  PORT: integer(0, 65_535),
  HOST: optionalText(),
  POOLKIT_DATA_DIR: optionalText(),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:']),
  REDIS_URL: urlWithProtocols(['redis:', 'rediss:']),
  NATS_URL: optionalText().pipe(
    z
      .string()
      .transform((value) => value.split(',').map((part) => part.trim()))
      .refine(
        (urls) =>
          urls.every(
            (url) => URL.canParse(url) && ['nats:', 'tls:'].includes(new URL(url).protocol),
          ),
        'must be nats:// or tls:// URLs, separated by commas',
      )
      .optional(),
  ),
  NODE_ENV: oneOf(runModes),
  POOLKIT_ENV: oneOf(runModes),
  LOG_LEVEL: oneOf(logLevels),
  SITE_DIR: optionalText(),
  JWT_SECRET: optionalText().pipe(
    z.string().min(32, 'must be at least 32 characters long').optional(),
  ),
  JWT_ACCESS_TTL_SECONDS: integer(60, 31_536_000),
  JWT_REFRESH_TTL_SECONDS: integer(60, 31_536_000),
  BODY_LIMIT_BYTES: integer(1_024, 104_857_600),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:']),
  DEMO: flag(),
  DEMO_HISTORY_DAYS: integer(1, 30),
  WEBAUTHN_RP_ID: optionalText().pipe(
    z
      .string()
      .regex(
        /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i,
        'must be a host name such as pool.example.com (no scheme, no port)',
      )
      .transform((value) => value.toLowerCase())
      .optional(),
  ),
  WEBAUTHN_RP_NAME: optionalText().pipe(
    z.string().max(64, 'must be at most 64 characters').optional(),
  ),
  WEBAUTHN_ORIGINS: optionalText().pipe(
    z
      .string()
      .transform((value) => value.split(',').map((part) => part.trim()))
      .refine(
        (urls) =>
          urls.every(
            (url) =>
              URL.canParse(url) &&
              ['http:', 'https:'].includes(new URL(url).protocol) &&
              new URL(url).origin === url.replace(/\/$/, ''),
          ),
        'must be http:// or https:// origins (scheme, host and port only), separated by commas',
      )
      .transform((urls) => urls.map((url) => new URL(url).origin))
      .optional(),
  ),
  TRUST_PROXY: optionalText().pipe(
    z
      .string()
      .refine(
        (value) =>
          truthy.has(value.toLowerCase()) ||
          falsy.has(value.toLowerCase()) ||
          /^[0-9a-fA-F.:/,\s]+$/.test(value),
        'must be true, false, or a comma-separated list of proxy addresses or CIDR ranges',
      )
      .transform((value) => {
        const lower = value.toLowerCase();
        if (truthy.has(lower)) return true;
        if (falsy.has(lower)) return false;
        return value;
      })
      .optional(),
  ),
});

/**
 * Reads and validates the configuration from environment variables (see the package README for
 * the list). Pure apart from resolving relative paths against `cwd`.
 *
 * @param env - the environment, usually `process.env`.
 * @param cwd - the folder relative paths start from. Default `process.cwd()`.
 * @throws {@link ConfigError} naming each bad variable.
 * @example
 * const config = loadConfig(process.env);
 */
export function loadConfig(env: Environment, cwd: string = process.cwd()): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const variable = String(issue.path[0] ?? 'environment');
        const value = env[variable] ?? '';
        // A node's URL holds its password: shown without it.
        const shown = variable.endsWith('_RPC_URL') ? redactRpcUrl(value) : value;
        return { variable, message: `${issue.message} (got ${JSON.stringify(shown)})` };
      }),
    );
  }
  const values = parsed.data;
  const mode: RunMode = values.POOLKIT_ENV ?? values.NODE_ENV ?? 'development';

  const accessTtlSeconds = values.JWT_ACCESS_TTL_SECONDS ?? 7_200;
  const refreshTtlSeconds = values.JWT_REFRESH_TTL_SECONDS ?? 1_209_600;
  const issues: ConfigIssue[] = [];
  if (mode === 'production' && values.JWT_SECRET === undefined) {
    issues.push({
      variable: 'JWT_SECRET',
      message: 'is required in production (at least 32 random characters)',
    });
  }
  if (refreshTtlSeconds <= accessTtlSeconds) {
    issues.push({
      variable: 'JWT_REFRESH_TTL_SECONDS',
      message: `must be longer than JWT_ACCESS_TTL_SECONDS (${accessTtlSeconds})`,
    });
  }
  if (issues.length > 0) throw new ConfigError(issues);

  return {
    env: mode,
    port: values.PORT ?? 8080,
    host: values.HOST ?? (mode === 'production' ? '0.0.0.0' : '127.0.0.1'),
    dataDir: path.resolve(cwd, values.POOLKIT_DATA_DIR ?? 'data'),
    databaseUrl: values.DATABASE_URL,
    redisUrl: values.REDIS_URL,
    natsServers: values.NATS_URL,
    logLevel: values.LOG_LEVEL ?? (mode === 'test' ? 'silent' : 'info'),
    siteDir: values.SITE_DIR === undefined ? repositorySiteDir : path.resolve(cwd, values.SITE_DIR),
    jwt: { secret: values.JWT_SECRET, accessTtlSeconds, refreshTtlSeconds },
    bodyLimitBytes: values.BODY_LIMIT_BYTES ?? 1_048_576,
    smtpUrl: values.SMTP_URL,
    demo: values.DEMO ?? mode !== 'production',
    demoHistoryDays: values.DEMO_HISTORY_DAYS ?? 7,
    trustProxy: values.TRUST_PROXY ?? false,
    priceFeedUrl: values.PRICE_FEED_URL,
    priceDemoSeed: values.PRICE_DEMO_SEED ?? 1,
    exchangeQuoteTtlSeconds: values.EXCHANGE_QUOTE_TTL_SECONDS ?? 30,
    webauthn: {
      rpId:
        values.WEBAUTHN_RP_ID ??
        (values.WEBAUTHN_ORIGINS?.[0] === undefined
          ? undefined
          : new URL(values.WEBAUTHN_ORIGINS[0]).hostname),
      rpName: values.WEBAUTHN_RP_NAME ?? 'PoolKit',
      origins: values.WEBAUTHN_ORIGINS,
    },
    siteUrl: values.SITE_URL ?? `http://localhost:${values.PORT ?? 8080}`,
    webhookAllowPrivate: values.WEBHOOK_ALLOW_PRIVATE ?? false,
    corsOrigins: values.CORS_ORIGINS ?? [],
    embedFrameAncestors: values.EMBED_FRAME_ANCESTORS ?? [],
    embedDir:
      values.EMBED_DIR === undefined ? repositoryEmbedDir : path.resolve(cwd, values.EMBED_DIR),
    oidc: {
      providers: (values.OIDC_PROVIDERS ?? []).map((provider) => ({
        id: provider.id,
        name: provider.name,
        issuer: provider.issuer,
        clientId: provider.client_id,
        clientSecret: provider.client_secret,
        trusted: provider.trusted ?? false,
      })),
      demoPort: values.OIDC_DEMO_PORT ?? 0,
    },
    coinNodes: NODE_RPC_COINS.flatMap((coin) => {
      const variable = rpcUrlVariable(coin);
      const url = values[variable as keyof typeof nodeRpcUrls];
      return url === undefined ? [] : [{ coin, variable, url }];
    }),
  };
}
