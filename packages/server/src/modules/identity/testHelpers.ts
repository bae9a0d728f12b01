/**
 * Helpers of the identity and accounts tests: they drive the app the way the site does
 * (captcha solved with core's solver, password encrypted with core's encryptPassword).
 */
import { encryptPassword, solveCaptcha } from '@poolkit/core';
import type { FastifyInstance } from 'fastify';

/** An answer of {@link callApi}: HTTP status and the parsed envelope. */
export interface ApiAnswer {
  readonly status: number;
  readonly code: number;
  readonly msg: string;
  // biome-ignore lint/suspicious/noExplicitAny: test answers are read field by field
  readonly data: any;
  readonly fields: { field: string; message: string }[] | undefined;
  readonly headers: Record<string, unknown>;
}

/** Options of {@link callApi}. */
export interface CallOptions {
  readonly body?: unknown;
  readonly query?: Record<string, string>;
  readonly token?: string;
  /** The client address (rate limits count per address). Default `127.0.0.1`. */
  readonly ip?: string;
}

/** Calls `/api<path>` through `app.inject` and parses the envelope. */
export async function callApi(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: CallOptions = {},
): Promise<ApiAnswer> {
  const response = await app.inject({
    method,
    url: `/api${path}`,
    ...(options.query === undefined ? {} : { query: options.query }),
    ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
    headers: options.token === undefined ? {} : { authorization: `Bearer ${options.token}` },
    remoteAddress: options.ip ?? '127.0.0.1',
  });
  const json = response.json() as {
    code: number;
    msg: string;
    data?: unknown;
    fields?: ApiAnswer['fields'];
  };
  return {
    status: response.statusCode,
    code: json.code,
    msg: json.msg,
    data: json.data,
    fields: json.fields,
    headers: response.headers,
  };
}

/** Asks for a captcha challenge and solves it with core's `solveCaptcha`. */
export async function solvedCaptcha(
  app: FastifyInstance,
  ip?: string,
): Promise<Record<string, string>> {
  const challenge = await callApi(app, 'GET', '/captcha/challenge', ip === undefined ? {} : { ip });
  const result = await solveCaptcha(challenge.data);
  return { ...result };
}

/** Encrypts a password with the server's public key (core's `encryptPassword`). */
export async function encrypted(
  app: FastifyInstance,
  password: string,
): Promise<{ password: string; key_id: string }> {
  const key = await callApi(app, 'GET', '/v2/users/encrypt/pubkey');
  return {
    password: await encryptPassword(key.data.public_key, password),
    key_id: key.data.key_id,
  };
}

/** The 6-digit code of the newest outbox message to `to` (`GET /api/dev/outbox`). */
export async function outboxCode(app: FastifyInstance, to: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/dev/outbox', query: { to } });
  const list = (response.json() as { data: { list: { text: string }[] } }).data.list;
  const match = /\b(\d{6})\b/.exec(list[0]?.text ?? '');
  if (match?.[1] === undefined) throw new Error(`No code in the outbox for ${to}`);
  return match[1];
}

/** Sends a code to an email (scene `register` unless told) with a solved captcha. */
export async function sendEmailCode(
  app: FastifyInstance,
  email: string,
  scene = 'register',
  ip?: string,
): Promise<ApiAnswer> {
  return callApi(app, 'POST', '/v3/auth/validation/code', {
    query: await solvedCaptcha(app, ip),
    body: { channel: 'email', email, scene },
    ...(ip === undefined ? {} : { ip }),
  });
}

/** Registers a user by email through the outbox; resolves its token pair. */
export async function registerByEmail(
  app: FastifyInstance,
  username: string,
  email: string,
  password: string,
  ip?: string,
): Promise<{ token: string; refresh_token: string }> {
  const sent = await sendEmailCode(app, email, 'register', ip);
  if (sent.status !== 200) throw new Error(`send code: ${sent.status} ${sent.msg}`);
  const answer = await callApi(app, 'POST', '/users/register/email', {
    body: {
      username,
      email,
      code: await outboxCode(app, email),
      ...(await encrypted(app, password)),
      terms_accepted: true,
    },
    ...(ip === undefined ? {} : { ip }),
  });
  if (answer.status !== 200) throw new Error(`register: ${answer.status} ${answer.msg}`);
  return answer.data;
}

/** Logs in by email with a solved captcha and the encrypted password. */
export async function loginByEmail(
  app: FastifyInstance,
  email: string,
  password: string,
  ip?: string,
): Promise<ApiAnswer> {
  return callApi(app, 'POST', '/v2/users/encrypt/login', {
    query: await solvedCaptcha(app, ip),
    body: { type: 'email', email, ...(await encrypted(app, password)) },
    ...(ip === undefined ? {} : { ip }),
  });
}

/**
 * A second-validation token for `scene`: sends a code to the user's verified email, reads it
 * from the outbox and exchanges it (`POST /users/second-validation`). The same target and scene
 * take a new code every 60 s: move a manual clock on between two calls.
 */
export async function secondValidation(
  app: FastifyInstance,
  token: string,
  email: string,
  scene: string,
  ip?: string,
): Promise<string> {
  const sent = await callApi(app, 'POST', '/auth/validation/verified-email', {
    token,
    body: { scene },
    ...(ip === undefined ? {} : { ip }),
  });
  if (sent.status !== 200) throw new Error(`send code: ${sent.status} ${sent.msg}`);
  const answer = await callApi(app, 'POST', '/users/second-validation', {
    token,
    body: { verify_type: 'email', code: await outboxCode(app, email), scene },
    ...(ip === undefined ? {} : { ip }),
  });
  if (answer.status !== 200) throw new Error(`second validation: ${answer.status} ${answer.msg}`);
  return answer.data.validation_token;
}
