import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES, endpoints } from '../../contract';
import { isUniqueViolation } from '../../db/errors';
import { bearerToken, type Principal } from '../../http/authenticate';
import { HttpError } from '../../http/httpError';
import type { RateLimitOptions } from '../../http/rateLimit';
import { registerEndpoint } from '../../http/registerEndpoint';
import { type AccountRow, accountAnswer, findOwnAccount } from '../accounts/routes';
import { notifySettingUpdate } from '../notifications/messages';
import { readUserMining } from '../pools/userMining';
import { checkInviteCode } from '../programmes/invitations';
import { CANCELLATION_GRACE_MS } from './cancellation';
import { issueCaptchaChallenge, verifyCaptcha } from './captcha';
import { consumeVerificationCode, phoneTarget, sendVerificationCode } from './codes';
import { decryptPassword, type IdentityContext } from './context';
import { hashPassword, sha256Hex, verifyPassword } from './crypto';
import { iso, isoSeconds, queryRow, queryRows } from './db';
import { createLoginBrake } from './loginBrake';
import { registerPasskeyRoutes } from './passkeys';
import {
  OBSERVER_PERMISSIONS,
  OBSERVER_ROLES,
  OPERATOR_PERMISSION,
  userRoles,
} from './permissions';
import { resetAccountAccess, resetAnswer } from './recovery';
import {
  logoutSession,
  refreshSession,
  revokeUserSessions,
  sessionOfAccessToken,
  startSession,
} from './sessions';
import { matchTotpStep, newTotpSecret, otpauthUrl } from './totp';
import { checkTotpBehindBrake } from './totpBrake';
import {
  addUserLog,
  checkTicketCode,
  consumeTicket,
  createTicket,
  createUser,
  findUserByEmail,
  findUserByPhone,
  maskEmail,
  maskPhone,
  peekTicket,
  requireLiveValidation,
  requireUser,
  type UserRow,
} from './users';

/** Logins per client address and minute. */
const loginLimit: RateLimitOptions = { key: 'login', limit: 20, windowMs: 60_000 };
/** Code sendings per client address and 10 minutes (each target also waits 60 s). */
const sendCodeLimit: RateLimitOptions = { key: 'send-code', limit: 20, windowMs: 10 * 60_000 };
/** Registrations and password resets per client address and hour. */
const registerLimit: RateLimitOptions = { key: 'register', limit: 10, windowMs: 3_600_000 };
/**
 * Second validations per client address and minute, whatever their outcome: with the per-user
 * brake on authenticator codes (`checkTotpBehindBrake`), this bounds guessing from one address
 * over many stolen sessions.
 */
const secondValidationLimit: RateLimitOptions = {
  key: 'second-validation',
  limit: 20,
  windowMs: 60_000,
};

/** A login ticket (password done, authenticator code pending) works 5 minutes. */
export const LOGIN_TICKET_TTL_MS = 5 * 60_000;
/** A second-validation token works 10 minutes. */
const VALIDATION_TTL_MS = 10 * 60_000;
/** Withdrawals pause 24 h after an email or phone change (spec section 9). */
const WITHDRAW_PAUSE_MS = 24 * 3_600_000;

function userOf(principal: Principal | null): string {
  if (principal === null || principal.kind !== 'user') {
    throw new HttpError(401, ERROR_CODES.unauthorized, 'Sign in to continue');
  }
  return principal.userId;
}

function notRegistered(field: string): never {
  throw new HttpError(401, ERROR_CODES.notRegistered, 'This account has not been registered.', {
    fields: [{ field, message: 'This account has not been registered.' }],
  });
}

function conflict(field: string, message: string): never {
  throw new HttpError(409, ERROR_CODES.conflict, message, { fields: [{ field, message }] });
}

function codeRefused(field: string, message: string): never {
  throw new HttpError(400, ERROR_CODES.codeInvalid, message, { fields: [{ field, message }] });
}

/**
 * Checks an authenticator code against a base32 secret (±1 step) and makes it single use: the
 * step must come after the last one accepted for this user. HTTP 400 code 40002 otherwise.
 */
async function spendTotpCode(
  context: IdentityContext,
  userId: string,
  secret: string,
  code: string,
): Promise<void> {
  const step = matchTotpStep(secret, code, context.clock.now());
  if (step === null) codeRefused('code', 'The authenticator code is wrong');
  const rows = await queryRows<{ id: string }>(
    context.database,
    sql`UPDATE users SET totp_last_step = ${step}
        WHERE id = ${userId}::bigint AND (totp_last_step IS NULL OR totp_last_step < ${step})
        RETURNING id::text AS id`,
  );
  if (rows.length === 0) codeRefused('code', 'The authenticator code was already used');
}

/** Finishes a login: revokes a pending cancellation, starts a session, logs it. */
export async function finishLogin(
  context: IdentityContext,
  user: UserRow,
  request: Parameters<typeof addUserLog>[4],
) {
  let cancellationRevoked = false;
  if (user.status === 'cancelling') {
    await context.database.db.execute(
      sql`UPDATE users SET status = 'active', cancellation_requested_at = NULL
          WHERE id = ${user.id}::bigint AND status = 'cancelling'`,
    );
    cancellationRevoked = true;
    await addUserLog(context, user.id, 'security', 'cancellation_revoked', request);
  }
  const pair = await startSession(context, user.id);
  await addUserLog(context, user.id, 'login', 'login', request);
  // Decision: the answer says a pending cancellation was revoked in an extra field (the
  // contract's login answer has none; clients that do not know it ignore it).
  return {
    status: 'ok' as const,
    ...pair,
    ...(cancellationRevoked ? { cancellation_revoked: true } : {}),
  };
}

function settingsOf(user: UserRow) {
  return {
    timezone: user.timezone,
    language: user.language as 'en',
    currency: user.currency,
    hide_wallet: user.hide_wallet,
    hide_amount: user.hide_amount,
  };
}

/** Registers the identity endpoints of the contract (family A and `/users/info`). */
export function registerIdentityRoutes(app: FastifyInstance, context: IdentityContext): void {
  const loginBrake = createLoginBrake(context);
  registerEndpoint(app, endpoints.captchaChallenge, async () => issueCaptchaChallenge(context));

  registerEndpoint(app, endpoints.publicKey, async () => {
    const key = await context.rsaKey();
    return { public_key: key.publicPem, key_id: key.keyId };
  });

  registerEndpoint(
    app,
    endpoints.login,
    async ({ query, body }, { request }) => {
      await verifyCaptcha(context, query);
      const password = await decryptPassword(context, body.password, body.key_id);
      // Per account, whatever the address: see loginBrake.ts.
      const user = await loginBrake.check(body, async () => {
        const found =
          body.type === 'email'
            ? await findUserByEmail(context, body.email)
            : await findUserByPhone(context, body.country_code, body.phone);
        if (found === undefined) notRegistered(body.type === 'email' ? 'email' : 'phone');
        if (!(await verifyPassword(password, found.password_hash))) {
          throw new HttpError(401, ERROR_CODES.badCredentials, 'Wrong account or password');
        }
        return found;
      });
      if (user.totp_secret !== null) {
        const ticket = await createTicket(context, 'login', user.id, null, LOGIN_TICKET_TTL_MS);
        return {
          status: 'totp_required' as const,
          login_ticket: ticket.token,
          expires_at: isoSeconds(ticket.expiresMs),
        };
      }
      return finishLogin(context, user, request);
    },
    { rateLimit: loginLimit },
  );

  registerEndpoint(
    app,
    endpoints.totpLogin,
    async ({ body }, { request }) => {
      const ticket = await peekTicket(context, 'login', body.login_ticket);
      if (ticket === undefined)
        codeRefused('login_ticket', 'The login ticket is not valid or has expired');
      const user = await requireUser(context, ticket.user_id);
      const secret = user.totp_secret;
      if (secret === null) codeRefused('login_ticket', 'The authenticator is off');
      // Two counts: the ticket's (5 codes, then it is spent) and, inside it, the user's brake
      // shared with second validations (5 wrong codes in a row, then 15 minutes of 429),
      // so whoever knows the password cannot take ticket after ticket and keep guessing.
      await checkTicketCode(context, 'login', body.login_ticket, 'login_ticket', () =>
        checkTotpBehindBrake(context, user.id, () =>
          spendTotpCode(context, user.id, secret, body.code),
        ),
      );
      await consumeTicket(context, 'login', body.login_ticket, { field: 'login_ticket' });
      const { status: _status, ...answer } = await finishLogin(context, user, request);
      return answer;
    },
    { rateLimit: loginLimit },
  );

  registerEndpoint(app, endpoints.totpSecret, async (_input, { principal }) => {
    const user = await requireUser(context, userOf(principal));
    if (user.totp_secret !== null) conflict('totp', 'The authenticator is already on');
    const secret = newTotpSecret();
    await context.database.db.execute(
      sql`UPDATE users SET totp_pending_secret = ${secret} WHERE id = ${user.id}::bigint`,
    );
    return { secret, otpauth_url: otpauthUrl('PoolKit', user.username, secret) };
  });

  registerEndpoint(app, endpoints.totpValidation, async ({ body }, { principal, request }) => {
    const user = await requireUser(context, userOf(principal));
    await requireLiveValidation(context, body.validation_token, {
      userId: user.id,
      scene: 'totp',
      field: 'validation_token',
    });
    const pendingSecret = user.totp_pending_secret;
    if (pendingSecret === null) codeRefused('code', 'Ask for an authenticator secret first');
    await checkTicketCode(context, 'validation', body.validation_token, 'validation_token', () =>
      spendTotpCode(context, user.id, pendingSecret, body.code),
    );
    await consumeTicket(context, 'validation', body.validation_token, {
      userId: user.id,
      scene: 'totp',
      field: 'validation_token',
    });
    await context.database.db.execute(
      sql`UPDATE users SET totp_secret = totp_pending_secret, totp_pending_secret = NULL,
            verify_type = 'totp'
          WHERE id = ${user.id}::bigint`,
    );
    await addUserLog(context, user.id, 'security', 'totp_enabled', request);
    await notifySettingUpdate(context.database.db, user.id, 'authenticator', context.clock.now());
    return null;
  });

  registerEndpoint(app, endpoints.totpDisable, async ({ body }, { principal, request }) => {
    const user = await requireUser(context, userOf(principal));
    await consumeTicket(context, 'validation', body.validation_token, {
      userId: user.id,
      scene: 'totp',
      field: 'validation_token',
    });
    await context.database.db.execute(
      sql`UPDATE users SET totp_secret = NULL, totp_pending_secret = NULL,
            verify_type = CASE WHEN email IS NULL THEN 'sms' ELSE 'email' END
          WHERE id = ${user.id}::bigint`,
    );
    await addUserLog(context, user.id, 'security', 'totp_disabled', request);
    await notifySettingUpdate(context.database.db, user.id, 'authenticator', context.clock.now());
    return null;
  });

  registerEndpoint(
    app,
    endpoints.secondValidation,
    async ({ body }, { principal }) => {
      const user = await requireUser(context, userOf(principal));
      switch (body.verify_type) {
        case 'email':
          if (user.email === null) codeRefused('verify_type', 'No email is bound');
          await consumeVerificationCode(context, 'email', user.email, body.scene, body.code);
          break;
        case 'sms':
          if (user.phone === null || user.country_code === null)
            codeRefused('verify_type', 'No phone is bound');
          await consumeVerificationCode(
            context,
            'sms',
            phoneTarget(user.country_code, user.phone),
            body.scene,
            body.code,
          );
          break;
        case 'totp': {
          const secret = user.totp_secret;
          if (secret === null) codeRefused('verify_type', 'The authenticator is off');
          await checkTotpBehindBrake(context, user.id, () =>
            spendTotpCode(context, user.id, secret, body.code),
          );
          break;
        }
        default:
          body.verify_type satisfies never;
      }
      const ticket = await createTicket(
        context,
        'validation',
        user.id,
        body.scene,
        VALIDATION_TTL_MS,
      );
      return {
        validation_token: ticket.token,
        scene: body.scene,
        expires_at: isoSeconds(ticket.expiresMs),
      };
    },
    { rateLimit: secondValidationLimit },
  );

  registerEndpoint(
    app,
    endpoints.refreshToken,
    async ({ body }) => refreshSession(context, body.refresh_token),
    {
      rateLimit: { key: 'refresh', limit: 60, windowMs: 60_000 },
    },
  );

  registerEndpoint(app, endpoints.logout, async ({ body }, { principal, request }) => {
    await logoutSession(context, body.refresh_token);
    if (principal?.kind === 'user')
      await addUserLog(context, principal.userId, 'login', 'logout', request);
    return null;
  });

  registerEndpoint(
    app,
    endpoints.registerEmail,
    async ({ body }, { request }) => {
      const password = await decryptPassword(context, body.password, body.key_id);
      if ((await findUserByEmail(context, body.email)) !== undefined) {
        conflict('email', 'This email is already registered');
      }
      if (body.invite_code !== undefined) await checkInviteCode(context.database, body.invite_code);
      await consumeVerificationCode(
        context,
        'email',
        body.email.toLowerCase(),
        'register',
        body.code,
      );
      const userId = await createUser(context, {
        username: body.username,
        email: body.email,
        passwordHash: await hashPassword(password, context.passwordHashCost),
        inviteCode: body.invite_code,
      });
      await addUserLog(context, userId, 'security', 'registered', request);
      await addUserLog(context, userId, 'login', 'login', request);
      return startSession(context, userId);
    },
    { rateLimit: registerLimit },
  );

  registerEndpoint(
    app,
    endpoints.registerPhone,
    async ({ body }, { request }) => {
      const password = await decryptPassword(context, body.password, body.key_id);
      if ((await findUserByPhone(context, body.country_code, body.phone)) !== undefined) {
        conflict('phone', 'This phone is already registered');
      }
      if (body.invite_code !== undefined) await checkInviteCode(context.database, body.invite_code);
      await consumeVerificationCode(
        context,
        'sms',
        phoneTarget(body.country_code, body.phone),
        'register',
        body.code,
      );
      const userId = await createUser(context, {
        username: body.username,
        countryCode: body.country_code,
        phone: body.phone,
        passwordHash: await hashPassword(password, context.passwordHashCost),
        inviteCode: body.invite_code,
      });
      await context.database.db.execute(
        sql`UPDATE users SET verify_type = 'sms' WHERE id = ${userId}::bigint`,
      );
      await addUserLog(context, userId, 'security', 'registered', request);
      await addUserLog(context, userId, 'login', 'login', request);
      return startSession(context, userId);
    },
    { rateLimit: registerLimit },
  );

  async function resetPassword(
    user: UserRow | undefined,
    field: string,
    password: string,
    request: Parameters<typeof addUserLog>[4],
  ) {
    if (user === undefined) notRegistered(field);
    // The "I lost control" path: everything but the passkeys ends here (recovery.ts); the
    // answer's recovery token lets the next screen list and remove those.
    const outcome = await resetAccountAccess(
      context,
      user.id,
      await hashPassword(password, context.passwordHashCost),
    );
    await addUserLog(context, user.id, 'security', 'password_reset', request);
    return resetAnswer(outcome);
  }

  registerEndpoint(
    app,
    endpoints.resetPasswordEmail,
    async ({ body }, { request }) => {
      const password = await decryptPassword(context, body.password, body.key_id);
      await consumeVerificationCode(
        context,
        'email',
        body.email.toLowerCase(),
        'reset_password',
        body.code,
      );
      return resetPassword(await findUserByEmail(context, body.email), 'email', password, request);
    },
    { rateLimit: registerLimit },
  );

  registerEndpoint(
    app,
    endpoints.resetPasswordPhone,
    async ({ body }, { request }) => {
      const password = await decryptPassword(context, body.password, body.key_id);
      await consumeVerificationCode(
        context,
        'sms',
        phoneTarget(body.country_code, body.phone),
        'reset_password',
        body.code,
      );
      return resetPassword(
        await findUserByPhone(context, body.country_code, body.phone),
        'phone',
        password,
        request,
      );
    },
    { rateLimit: registerLimit },
  );

  registerEndpoint(app, endpoints.changePassword, async ({ body }, { principal, request }) => {
    const userId = userOf(principal);
    const password = await decryptPassword(context, body.password, body.key_id);
    await consumeTicket(context, 'validation', body.validation_token, {
      userId,
      scene: 'change_password',
      field: 'validation_token',
    });
    await context.database.db.execute(
      sql`UPDATE users SET password_hash = ${await hashPassword(password, context.passwordHashCost)}, password_set = true WHERE id = ${userId}::bigint`,
    );
    // Every other session ends (a thief's among them); the one that made the change goes on.
    const token = bearerToken(request);
    const currentSession =
      token === undefined ? undefined : await sessionOfAccessToken(context, token);
    await revokeUserSessions(context.database.db, userId, context.clock.now(), currentSession);
    await addUserLog(context, userId, 'security', 'password_changed', request);
    await notifySettingUpdate(context.database.db, userId, 'password', context.clock.now());
    return null;
  });

  /**
   * Binds the first email or phone of a user who holds no second factor at all (no email, no
   * phone, no authenticator, no passkey), without a validation token: such a user has nothing
   * to pass a second validation with (see `changeEmailBodySchema` in core for the decision).
   * Refused with HTTP 400 code 40002 naming `validation_token` as soon as the user holds a
   * factor. The new address's code is checked before whether the address is taken, so nobody
   * learns from here which addresses are registered without receiving their code; the update
   * checks again that the user still holds no factor (one bound meanwhile by a concurrent call
   * refuses this one), and a concurrent bind of the same address by another user answers 409.
   */
  async function bindFirstFactor(
    userId: string,
    bind: {
      readonly field: 'email' | 'phone';
      readonly checkCode: () => Promise<void>;
      readonly taken: () => Promise<boolean>;
      readonly set: SQL;
    },
  ): Promise<void> {
    const noFactor = sql`email IS NULL AND phone IS NULL AND totp_secret IS NULL
      AND NOT EXISTS (SELECT 1 FROM passkeys WHERE passkeys.user_id = users.id)`;
    const validationRequired = () =>
      codeRefused('validation_token', 'A second validation is required for this change');
    const before = await queryRow<{ none: boolean }>(
      context.database,
      sql`SELECT ${noFactor} AS none FROM users WHERE id = ${userId}::bigint`,
    );
    if (before?.none !== true) validationRequired();
    await bind.checkCode();
    if (await bind.taken()) conflict(bind.field, `This ${bind.field} is already registered`);
    let updated: { id: string }[];
    try {
      updated = await queryRows<{ id: string }>(
        context.database,
        sql`UPDATE users SET ${bind.set},
              withdraw_paused_until = ${iso(context.clock.now() + WITHDRAW_PAUSE_MS)}::timestamptz
            WHERE id = ${userId}::bigint AND ${noFactor}
            RETURNING id::text AS id`,
      );
    } catch (error) {
      if (isUniqueViolation(error))
        conflict(bind.field, `This ${bind.field} is already registered`);
      throw error;
    }
    if (updated.length === 0) validationRequired();
  }

  registerEndpoint(app, endpoints.changeEmail, async ({ body }, { principal, request }) => {
    const userId = userOf(principal);
    const email = body.email.toLowerCase();
    const validationToken = body.validation_token;
    if (validationToken === undefined) {
      await bindFirstFactor(userId, {
        field: 'email',
        checkCode: () => consumeVerificationCode(context, 'email', email, 'bind_email', body.code),
        taken: async () => (await findUserByEmail(context, email)) !== undefined,
        set: sql`email = ${email}, verify_type = 'email'`,
      });
      await addUserLog(context, userId, 'security', 'email_changed', request);
      await notifySettingUpdate(context.database.db, userId, 'email', context.clock.now());
      return null;
    }
    // The validation token first: without one, a taken address must answer like a free one.
    await requireLiveValidation(context, validationToken, {
      userId,
      scene: 'change_email',
      field: 'validation_token',
    });
    if ((await findUserByEmail(context, email)) !== undefined)
      conflict('email', 'This email is already registered');
    await checkTicketCode(context, 'validation', validationToken, 'validation_token', () =>
      consumeVerificationCode(context, 'email', email, 'bind_email', body.code),
    );
    await consumeTicket(context, 'validation', validationToken, {
      userId,
      scene: 'change_email',
      field: 'validation_token',
    });
    await context.database.db.execute(
      sql`UPDATE users SET email = ${email},
            withdraw_paused_until = ${iso(context.clock.now() + WITHDRAW_PAUSE_MS)}::timestamptz
          WHERE id = ${userId}::bigint`,
    );
    await addUserLog(context, userId, 'security', 'email_changed', request);
    await notifySettingUpdate(context.database.db, userId, 'email', context.clock.now());
    return null;
  });

  registerEndpoint(app, endpoints.changePhone, async ({ body }, { principal, request }) => {
    const userId = userOf(principal);
    const validationToken = body.validation_token;
    if (validationToken === undefined) {
      await bindFirstFactor(userId, {
        field: 'phone',
        checkCode: () =>
          consumeVerificationCode(
            context,
            'sms',
            phoneTarget(body.country_code, body.phone),
            'bind_phone',
            body.code,
          ),
        taken: async () =>
          (await findUserByPhone(context, body.country_code, body.phone)) !== undefined,
        set: sql`country_code = ${body.country_code}, phone = ${body.phone}, verify_type = 'sms'`,
      });
      await addUserLog(context, userId, 'security', 'phone_changed', request);
      await notifySettingUpdate(context.database.db, userId, 'phone', context.clock.now());
      return null;
    }
    // The validation token first: without one, a taken phone must answer like a free one.
    await requireLiveValidation(context, validationToken, {
      userId,
      scene: 'change_phone',
      field: 'validation_token',
    });
    if ((await findUserByPhone(context, body.country_code, body.phone)) !== undefined) {
      conflict('phone', 'This phone is already registered');
    }
    await checkTicketCode(context, 'validation', validationToken, 'validation_token', () =>
      consumeVerificationCode(
        context,
        'sms',
        phoneTarget(body.country_code, body.phone),
        'bind_phone',
        body.code,
      ),
    );
    await consumeTicket(context, 'validation', validationToken, {
      userId,
      scene: 'change_phone',
      field: 'validation_token',
    });
    await context.database.db.execute(
      sql`UPDATE users SET country_code = ${body.country_code}, phone = ${body.phone},
            withdraw_paused_until = ${iso(context.clock.now() + WITHDRAW_PAUSE_MS)}::timestamptz
          WHERE id = ${userId}::bigint`,
    );
    await addUserLog(context, userId, 'security', 'phone_changed', request);
    await notifySettingUpdate(context.database.db, userId, 'phone', context.clock.now());
    return null;
  });

  registerEndpoint(
    app,
    endpoints.sendSmsCode,
    async ({ body }, { principal }) => {
      const user = await requireUser(context, userOf(principal));
      if (user.phone === null || user.country_code === null) {
        throw new HttpError(400, ERROR_CODES.validation, 'phone: No phone is bound', {
          fields: [{ field: 'phone', message: 'No phone is bound' }],
        });
      }
      return sendVerificationCode(
        context,
        'sms',
        phoneTarget(user.country_code, user.phone),
        body.scene,
      );
    },
    { rateLimit: sendCodeLimit },
  );

  registerEndpoint(
    app,
    endpoints.sendVerifiedEmailCode,
    async ({ body }, { principal }) => {
      const user = await requireUser(context, userOf(principal));
      if (user.email === null) {
        throw new HttpError(400, ERROR_CODES.validation, 'email: No email is bound', {
          fields: [{ field: 'email', message: 'No email is bound' }],
        });
      }
      return sendVerificationCode(context, 'email', user.email, body.scene);
    },
    { rateLimit: sendCodeLimit },
  );

  registerEndpoint(
    app,
    endpoints.sendCode,
    async ({ query, body }, { principal }) => {
      if (
        (body.scene === 'bind_email' || body.scene === 'bind_phone') &&
        principal?.kind !== 'user'
      ) {
        throw new HttpError(401, ERROR_CODES.unauthorized, 'Sign in to continue');
      }
      await verifyCaptcha(context, query);
      const field = body.channel === 'email' ? 'email' : 'phone';
      const existing =
        body.channel === 'email'
          ? await findUserByEmail(context, body.email)
          : await findUserByPhone(context, body.country_code, body.phone);
      if (body.scene === 'reset_password' && existing === undefined) notRegistered(field);
      if (body.scene !== 'reset_password' && existing !== undefined) {
        conflict(field, `This ${field} is already registered`);
      }
      return body.channel === 'email'
        ? sendVerificationCode(context, 'email', body.email.toLowerCase(), body.scene)
        : sendVerificationCode(
            context,
            'sms',
            phoneTarget(body.country_code, body.phone),
            body.scene,
          );
    },
    { rateLimit: sendCodeLimit },
  );

  registerEndpoint(app, endpoints.currentPermissions, async (_input, { principal }) => {
    if (principal === null)
      throw new HttpError(401, ERROR_CODES.unauthorized, 'Sign in to continue');
    if (principal.kind === 'observer') {
      return {
        roles: [...OBSERVER_ROLES],
        permissions: [...OBSERVER_PERMISSIONS] as ['pool.view'],
      };
    }
    const row = await queryRow<{ is_main: boolean | null; permission: string | null }>(
      context.database,
      sql`SELECT a.is_main, a.permission FROM users u
          LEFT JOIN mining_accounts a ON a.id = u.current_account_id
          WHERE u.id = ${principal.userId}::bigint`,
    );
    const account =
      row === undefined || row.is_main === null || row.permission === null
        ? null
        : { isMain: row.is_main, permission: row.permission };
    return {
      roles: userRoles(account, principal.permissions.includes(OPERATOR_PERMISSION)),
      permissions: [...principal.permissions] as ['pool.view'],
    };
  });

  registerEndpoint(app, endpoints.setCurrentAccount, async ({ body }, { principal, request }) => {
    const userId = userOf(principal);
    const account = await findOwnAccount(context, userId, body.account);
    await context.database.db.execute(
      sql`UPDATE users SET current_account_id = ${account.id}::bigint WHERE id = ${userId}::bigint`,
    );
    await addUserLog(context, userId, 'operation', 'account_switched', request);
    return accountAnswer({ ...account, current: true });
  });

  registerEndpoint(app, endpoints.updateSettings, async ({ body }, { principal }) => {
    const userId = userOf(principal);
    await context.database.db.execute(
      sql`UPDATE users SET
            timezone = COALESCE(${body.timezone ?? null}, timezone),
            language = COALESCE(${body.language ?? null}, language),
            currency = COALESCE(${body.currency ?? null}, currency),
            hide_wallet = COALESCE(${body.hide_wallet ?? null}::boolean, hide_wallet),
            hide_amount = COALESCE(${body.hide_amount ?? null}::boolean, hide_amount)
          WHERE id = ${userId}::bigint`,
    );
    return settingsOf(await requireUser(context, userId));
  });

  registerEndpoint(app, endpoints.observerInfo, async (_input, { principal, request }) => {
    const token = bearerToken(request);
    if (principal?.kind !== 'observer' || token === undefined) {
      throw new HttpError(403, ERROR_CODES.forbidden, 'This call is for observer sessions');
    }
    const link = await queryRow<{
      nickname: string;
      name: string;
      pools: string;
      expires_ms: number | null;
    }>(
      context.database,
      sql`SELECT o.nickname, a.name, o.pools, (extract(epoch from o.expires_at) * 1000)::float8 AS expires_ms
          FROM observer_links o JOIN mining_accounts a ON a.id = o.account_id
          WHERE o.token_hash = ${sha256Hex(token)}`,
    );
    if (link === undefined)
      throw new HttpError(401, ERROR_CODES.unauthorized, 'The observer link is not valid');
    return {
      nickname: link.nickname,
      account: link.name,
      pools: JSON.parse(link.pools) as string[],
      expires_at: link.expires_ms === null ? null : isoSeconds(link.expires_ms),
      roles: [...OBSERVER_ROLES],
      permissions: [...OBSERVER_PERMISSIONS] as ['pool.view'],
    };
  });

  // The mining overview comes from the pool engine's figures, one line per account and pool.
  registerEndpoint(app, endpoints.userMining, async (_input, { principal }) => ({
    list: await readUserMining(context.database.db, userOf(principal), context.clock.now()),
  }));

  registerEndpoint(app, endpoints.requestCancellation, async ({ body }, { principal, request }) => {
    const userId = userOf(principal);
    await consumeTicket(context, 'validation', body.validation_token, {
      userId,
      scene: 'cancellation',
      field: 'validation_token',
    });
    const now = context.clock.now();
    await context.database.db.execute(
      sql`UPDATE users SET status = 'cancelling', cancellation_requested_at = ${iso(now)}::timestamptz
          WHERE id = ${userId}::bigint`,
    );
    await context.database.db.execute(
      sql`UPDATE token_families SET revoked_at = ${iso(now)}::timestamptz
          WHERE user_id = ${userId}::bigint AND revoked_at IS NULL`,
    );
    await addUserLog(context, userId, 'security', 'cancellation_requested', request);
    return { requested_at: isoSeconds(now), final_at: isoSeconds(now + CANCELLATION_GRACE_MS) };
  });

  registerEndpoint(app, endpoints.userLogs, async ({ query }, { principal }) => {
    const userId = userOf(principal);
    const typeFilter = query.type === undefined ? sql`` : sql`AND type = ${query.type}`;
    const total = await queryRow<{ total: number }>(
      context.database,
      sql`SELECT count(*)::int AS total FROM user_logs WHERE user_id = ${userId}::bigint ${typeFilter}`,
    );
    const rows = await queryRows<{
      id: string;
      time_ms: number;
      type: 'login';
      action: string;
      ip: string;
      user_agent: string | null;
    }>(
      context.database,
      sql`SELECT id::text AS id, (extract(epoch from time) * 1000)::float8 AS time_ms, type, action, ip, user_agent
          FROM user_logs WHERE user_id = ${userId}::bigint ${typeFilter}
          ORDER BY user_logs.time DESC, user_logs.id DESC
          LIMIT ${query.page_size} OFFSET ${(query.page - 1) * query.page_size}`,
    );
    return {
      list: rows.map((row) => ({
        id: row.id,
        time: isoSeconds(row.time_ms),
        type: row.type,
        action: row.action,
        ip: row.ip,
        location: null,
        user_agent: row.user_agent,
      })),
      total: total?.total ?? 0,
      page: query.page,
      page_size: query.page_size,
    };
  });

  registerPasskeyRoutes(app, context, async (user, request) => {
    const { status: _status, ...answer } = await finishLogin(context, user, request);
    return answer;
  });

  registerEndpoint(app, endpoints.userInfo, async (_input, { principal }) => {
    const user = await requireUser(context, userOf(principal));
    const account = await queryRow<AccountRow>(
      context.database,
      sql`SELECT id::text AS id, name, is_main, permission, status,
            (extract(epoch from created_at) * 1000)::float8 AS created_ms
          FROM mining_accounts WHERE id = ${user.current_account_id}::bigint`,
    );
    const now = context.clock.now();
    return {
      id: user.id,
      username: user.username,
      email: user.email === null ? null : maskEmail(user.email),
      phone: user.phone === null ? null : maskPhone(user.phone),
      country_code: user.country_code,
      roles: userRoles(
        account === undefined ? null : { isMain: account.is_main, permission: account.permission },
        principal?.permissions.includes(OPERATOR_PERMISSION) ?? false,
      ),
      settings: settingsOf(user),
      verify_type: user.verify_type as 'email',
      totp_enabled: user.totp_secret !== null,
      pay_password_set: user.pay_password_set,
      // Decision: the flag says the user signed up through a third-party provider (any OpenID
      // Connect provider, not only Google) and has no password yet.
      google_login: !user.password_set,
      current_account: account?.name ?? null,
      withdraw_paused_until:
        user.withdraw_paused_ms !== null && user.withdraw_paused_ms > now
          ? isoSeconds(user.withdraw_paused_ms)
          : null,
      cancellation:
        user.cancellation_ms === null
          ? null
          : {
              requested_at: isoSeconds(user.cancellation_ms),
              final_at: isoSeconds(user.cancellation_ms + CANCELLATION_GRACE_MS),
            },
      created_at: isoSeconds(user.created_ms),
    };
  });
}
