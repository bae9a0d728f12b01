import {
  type AlertSettings,
  maskWebhookUrl,
  WEBHOOK_VALIDATION_REQUIRED_MESSAGE,
} from '@poolkit/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES, endpoints } from '../../contract';
import { queryRows } from '../../engine/sql';
import type { Principal } from '../../http/authenticate';
import { HttpError } from '../../http/httpError';
import { registerEndpoint } from '../../http/registerEndpoint';
import { userOf } from '../../http/userOf';
import { createMailer, type Mailer } from '../../mail/mailer';
import { requestLanguage } from '../content/language';
import { spendValidationIn } from '../identity/users';
import { requireAccount, requireAccountPool } from '../pools/access';
import {
  readAlertSettings,
  rotateWebhookSecret,
  runAlertCheck,
  writeAlertSettings,
} from './alerts';
import { seedDemoMessages } from './demo';
import { deliverDueEmails } from './emailOutbox';
import { deleteMessage, listMessages, markRead, unreadCount } from './messages';
import { type HostResolver, webhookUrlProblem } from './webhookAddress';
import { deliverDueWebhooks, enqueueWebhook } from './webhooks';

/** How often (wall time) the webhook and email outboxes are polled for due deliveries. */
const WEBHOOK_POLL_MS = 2_000;

function messageNotFound(): HttpError {
  return new HttpError(404, ERROR_CODES.notFound, 'id: No such message', {
    fields: [{ field: 'id', message: 'No such message' }],
  });
}

/** Options of {@link registerNotificationsModule}. */
export interface NotificationsOptions {
  /** The webhook sender's fetch. Default Node's HTTP client with the internal-address guard. */
  readonly fetch?: typeof fetch;
  /** Sends the queued notice emails and texts. Default the configured mailer (`createMailer`). */
  readonly mailer?: Mailer;
  /**
   * Resolves webhook hosts, when an address is saved and again at each delivery (tests answer
   * without DNS). Default `resolveHost` (`dns.lookup`).
   */
  readonly resolveHost?: HostResolver;
}

/**
 * Refuses a webhook address on an internal network (`webhookUrlProblem`) with a 400 naming
 * `webhook_url`, unless `WEBHOOK_ALLOW_PRIVATE` is on.
 */
async function requirePublicWebhookUrl(
  url: string | null,
  options: { readonly allowPrivate: boolean; readonly resolve?: HostResolver },
): Promise<void> {
  if (url === null) return;
  const problem = await webhookUrlProblem(url, options);
  if (problem === null) return;
  throw new HttpError(400, ERROR_CODES.validation, `webhook_url: ${problem}`, {
    fields: [{ field: 'webhook_url', message: problem }],
  });
}

/**
 * The `validation_token` a new or changed webhook address needs: HTTP 400 code 40002 naming it
 * when the body has none.
 */
function requiredValidation(token: string | undefined): string {
  if (token !== undefined) return token;
  throw new HttpError(
    400,
    ERROR_CODES.codeInvalid,
    `validation_token: ${WEBHOOK_VALIDATION_REQUIRED_MESSAGE}`,
    { fields: [{ field: 'validation_token', message: WEBHOOK_VALIDATION_REQUIRED_MESSAGE }] },
  );
}

/**
 * Alert settings as `principal` may read them: the owner's own session reads the whole webhook
 * address; an observer, an API key or an app token only its host (`maskWebhookUrl`), since the
 * address often carries the receiver's secret.
 */
function settingsFor(principal: Principal | null, settings: AlertSettings): AlertSettings {
  if (principal?.kind === 'user' || settings.webhook_url === null) return settings;
  return { ...settings, webhook_url: maskWebhookUrl(settings.webhook_url) };
}

/**
 * The message center and alerts (spec section 1): the user's messages (list by kind, unread
 * count, mark read, delete) in the request's language; alert settings per account and pool with
 * email, SMS and signed-webhook channels; the alert check once a minute across nodes; and the
 * webhook and email outboxes, polled every two seconds (both jobs off in test mode), so
 * deliveries survive failing receivers and mailers and restarts. Outside production it serves `POST /api/dev/workers` to stop and start a demo
 * worker (the e2e's engine control).
 */
export function registerNotificationsModule(
  app: FastifyInstance,
  options: NotificationsOptions = {},
): void {
  const { database, clock, config } = app.platform;
  const mailer = options.mailer ?? createMailer(config, database, app.log);
  // The alert emails link to the message center at the site's public address.
  const { siteUrl } = config;
  const addressOptions = {
    allowPrivate: config.webhookAllowPrivate,
    ...(options.resolveHost === undefined ? {} : { resolve: options.resolveHost }),
  };
  const deliverOptions = {
    ...addressOptions,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  };

  registerEndpoint(app, endpoints.messages, async ({ query }, { principal, request }) =>
    listMessages(
      database.db,
      userOf(principal),
      query,
      requestLanguage(request.headers['accept-language']),
    ),
  );
  registerEndpoint(app, endpoints.unreadMessageCount, async (_input, { principal }) =>
    unreadCount(database.db, userOf(principal)),
  );
  registerEndpoint(app, endpoints.markMessagesRead, async ({ body }, { principal }) =>
    markRead(database.db, userOf(principal), body, clock.now()),
  );
  registerEndpoint(app, endpoints.deleteMessage, async ({ params }, { principal }) => {
    if (!(await deleteMessage(database.db, userOf(principal), params.id))) throw messageNotFound();
    return null;
  });

  registerEndpoint(app, endpoints.alertSettings, async ({ params }, context) => {
    const pool = requireAccountPool(params.pool);
    const account = await requireAccount(context, params.account);
    return settingsFor(
      context.principal,
      await readAlertSettings(database.db, account.id, pool.name),
    );
  });
  registerEndpoint(app, endpoints.updateAlertSettings, async ({ params, body }, context) => {
    const userId = userOf(context.principal);
    const pool = requireAccountPool(params.pool);
    const account = await requireAccount(context, params.account);
    await requirePublicWebhookUrl(body.webhook_url, addressOptions);
    // Adding or changing the address (where alerts, with the account's data, go) needs a fresh
    // second validation: a stolen session alone cannot point them elsewhere. Removing it, or
    // saving the other settings with it unchanged, needs none.
    const { webhook_url: savedUrl } = await readAlertSettings(database.db, account.id, pool.name);
    const validationToken =
      body.webhook_url !== null && body.webhook_url !== savedUrl
        ? requiredValidation(body.validation_token)
        : undefined;
    // The validation is spent in the transaction that saves, so a refused save (the address
    // changed since it was read: 409) leaves it good for the retry.
    return database.db.transaction(async (tx) => {
      if (validationToken !== undefined) {
        await spendValidationIn(
          tx,
          validationToken,
          { userId, scene: 'webhook', field: 'validation_token' },
          clock.now(),
        );
      }
      const saved = await writeAlertSettings(tx, account.id, pool.name, body, {
        expectedWebhookUrl: savedUrl,
      });
      if (saved === null) {
        const message = 'The webhook address changed meanwhile: reload and try again';
        throw new HttpError(409, ERROR_CODES.conflict, `webhook_url: ${message}`, {
          fields: [{ field: 'webhook_url', message }],
        });
      }
      return saved;
    });
  });
  registerEndpoint(app, endpoints.rotateWebhookSecret, async ({ params }, context) => {
    userOf(context.principal);
    const pool = requireAccountPool(params.pool);
    const account = await requireAccount(context, params.account);
    return { secret: await rotateWebhookSecret(database.db, account.id, pool.name) };
  });
  registerEndpoint(
    app,
    endpoints.testWebhook,
    async ({ params }, context) => {
      userOf(context.principal);
      const pool = requireAccountPool(params.pool);
      const account = await requireAccount(context, params.account);
      const settings = await readAlertSettings(database.db, account.id, pool.name);
      if (settings.webhook_url === null) {
        throw new HttpError(
          400,
          ERROR_CODES.validation,
          'webhook_url: Save a webhook address first',
          {
            fields: [{ field: 'webhook_url', message: 'Save a webhook address first' }],
          },
        );
      }
      if (!settings.webhook_secret_set) {
        throw new HttpError(
          400,
          ERROR_CODES.validation,
          'webhook_secret: Make a signing secret first',
          {
            fields: [{ field: 'webhook_secret', message: 'Make a signing secret first' }],
          },
        );
      }
      const nowMs = clock.now();
      const id = await enqueueWebhook(database.db, {
        accountId: account.id,
        account: account.name,
        pool: pool.name,
        url: settings.webhook_url,
        event: 'test',
        data: { message: 'PoolKit test event' },
        nowMs,
      });
      const [attempt] = await deliverDueWebhooks(database, nowMs, { ...deliverOptions, id });
      return {
        delivery_id: id,
        delivered: attempt?.delivered ?? false,
        status_code: attempt?.statusCode ?? null,
        error: attempt?.error ?? null,
      };
    },
    { rateLimit: { key: 'test-webhook', limit: 20, windowMs: 10 * 60_000 } },
  );

  if (config.env !== 'production') registerDevWorkerRoute(app);

  // Tests drive `runAlertCheck` and `deliverDueWebhooks` themselves on their manual clock.
  if (config.env !== 'test') {
    app.jobs.declare({
      name: 'alerts',
      cadence: 'minute',
      exclusive: true,
      run: async (nowMs) => {
        const posted = await runAlertCheck(database, nowMs, { siteUrl });
        if (posted > 0) app.log.info({ posted }, 'alerts posted');
      },
    });
  }
  // The outbox's delivery poll (every few seconds, on each node) is no job of the minute
  // registry: it stays this module's own timer.
  let webhookTimer: NodeJS.Timeout | undefined;
  let delivering: Promise<unknown> = Promise.resolve();
  let deliveringNow = false;
  app.addHook('onReady', async () => {
    if (config.env === 'test') return;
    if (config.demo) {
      // After the identity module's onReady hook, which seeds the demo user.
      await seedDemoMessages(database, clock.now()).catch((error: unknown) =>
        app.log.error({ err: error }, 'demo messages not seeded'),
      );
    }
    webhookTimer = setInterval(() => {
      if (deliveringNow) return;
      deliveringNow = true;
      const nowMs = clock.now();
      delivering = Promise.all([
        deliverDueWebhooks(database, nowMs, deliverOptions),
        deliverDueEmails(database, mailer, nowMs),
      ])
        .catch((error: unknown) => app.log.error({ err: error }, 'outbox delivery failed'))
        .finally(() => {
          deliveringNow = false;
        });
    }, WEBHOOK_POLL_MS);
    webhookTimer.unref();
  });
  app.addHook('onClose', async () => {
    if (webhookTimer !== undefined) clearInterval(webhookTimer);
    await delivering;
  });
}

/**
 * `POST /api/dev/workers {pool, account, worker, online}`: stops (`online: false`) or starts a
 * demo worker of the simulator, which then sends no shares until started again. Development
 * only, like `/api/dev/deposits`; answers `{code: 0, data: {stopped}}`.
 */
function registerDevWorkerRoute(app: FastifyInstance): void {
  app.post('/api/dev/workers', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const fields = ['pool', 'account', 'worker'] as const;
    for (const field of fields) {
      const value = body[field];
      if (typeof value !== 'string' || value === '' || value.length > 128) {
        throw new HttpError(400, ERROR_CODES.validation, `${field}: Required`, {
          fields: [{ field, message: 'Required' }],
        });
      }
    }
    if (typeof body.online !== 'boolean') {
      throw new HttpError(400, ERROR_CODES.validation, 'online: Required', {
        fields: [{ field: 'online', message: 'Required' }],
      });
    }
    const { database } = app.platform;
    const key = {
      pool: String(body.pool),
      miner: String(body.account),
      worker: String(body.worker),
    };
    if (body.online) {
      await queryRows(
        database.db,
        sql`DELETE FROM dev_stopped_workers WHERE pool = ${key.pool} AND miner = ${key.miner}
          AND worker = ${key.worker}`,
      );
    } else {
      await queryRows(
        database.db,
        sql`INSERT INTO dev_stopped_workers (pool, miner, worker)
          VALUES (${key.pool}, ${key.miner}, ${key.worker}) ON CONFLICT DO NOTHING`,
      );
    }
    return reply.send({ code: 0, msg: 'success', data: { stopped: !body.online } });
  });
}
