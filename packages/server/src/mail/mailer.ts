import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { ERROR_CODES } from '../contract';
import type { Database } from '../db/connect';
import { HttpError } from '../http/httpError';
import { sendSmtpMail } from './smtpClient';

/** One message to deliver: an email or an SMS. */
export interface OutgoingMessage {
  readonly channel: 'email' | 'sms';
  /** The email address, or `+<country code> <phone>` for an SMS. */
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/** Delivers verification codes and notices. */
export interface Mailer {
  send(message: OutgoingMessage, nowMs: number): Promise<void>;
}

/** One message of the development outbox. */
export interface OutboxEntry {
  readonly id: string;
  readonly channel: 'email' | 'sms';
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly created_at: string;
}

/**
 * A recipient as the log shows it: `a***@example.com`, `+86 138****8000` (the masks the account
 * pages use), enough to tell messages apart, not to write to anyone.
 *
 * @example
 * maskRecipient('alice@example.com') // 'a***@example.com'
 * maskRecipient('+86 13800138000') // '+86 138****8000'
 */
export function maskRecipient(to: string): string {
  const at = to.lastIndexOf('@');
  if (at >= 0) return `${to.slice(0, Math.min(at, 1))}***${to.slice(at)}`;
  const space = to.indexOf(' ');
  const prefix = space >= 0 ? to.slice(0, space + 1) : '';
  const number = to.slice(prefix.length);
  if (number.length < 8) return `${prefix}${number.slice(0, 1)}***`;
  return `${prefix}${number.slice(0, 3)}****${number.slice(-4)}`;
}

/**
 * Keeps `message` in the outbox table (`mail_outbox`) and logs that it did: its id, channel and
 * masked recipient, never its text or subject, since the text is a verification code or a
 * notice, and logs are kept longer and read by more people than the outbox (which holds them in
 * production too, for SMS, until an SMS provider is wired). Resolves the message's id.
 */
async function keepInOutbox(
  database: Database,
  log: FastifyBaseLogger,
  message: OutgoingMessage,
  nowMs: number,
): Promise<string> {
  const result = (await database.db.execute(sql`
    INSERT INTO mail_outbox (channel, recipient, subject, body, created_at)
    VALUES (${message.channel}, ${message.to}, ${message.subject}, ${message.text},
            ${new Date(nowMs).toISOString()}::timestamptz)
    RETURNING id::text AS id`)) as unknown as { rows: { id: string }[] };
  const id = String(result.rows[0]?.id);
  const to = maskRecipient(message.to);
  log.info(
    { outbox: { id, channel: message.channel, to } },
    `outbox: ${message.channel} ${id} to ${to} kept`,
  );
  return id;
}

/**
 * The outbox: messages go to the `mail_outbox` table, which `GET /api/dev/outbox` lists outside
 * production (how a developer reads a code without a mail server); the log says only that a
 * message was kept, see {@link keepInOutbox}.
 */
export function outboxMailer(database: Database, log: FastifyBaseLogger): Mailer {
  return {
    send: async (message, nowMs) => {
      await keepInOutbox(database, log, message, nowMs);
    },
  };
}

/**
 * Why an SMTP delivery failed, for the log: the error's message (a server's reply may quote the
 * recipient, and could quote the message) with the recipient masked and the message's text cut
 * out, its code (`ECONNREFUSED`) kept.
 */
function smtpFailureReason(error: unknown, message: OutgoingMessage): Record<string, string> {
  let text = error instanceof Error ? error.message : String(error);
  const secrets = [
    message.text,
    message.subject,
    ...message.text.split(/\s+/).filter((word) => word.length >= 4 && /\d/.test(word)),
    ...message.text.split(/\r?\n/).filter((line) => line.trim().length >= 8),
  ].sort((left, right) => right.length - left.length);
  for (const secret of secrets) {
    if (secret !== '') text = text.split(secret).join('[message]');
  }
  text = text.split(message.to).join(maskRecipient(message.to)).slice(0, 300);
  const code = (error as { code?: unknown } | null)?.code;
  return {
    type: error instanceof Error ? error.name : typeof error,
    message: text,
    ...(typeof code === 'string' ? { code } : {}),
  };
}

/** The sender address of SMTP mail. */
export const MAIL_FROM = 'no-reply@poolkit.local';

/**
 * The mailer the configuration asks for: with `SMTP_URL`, emails go through that server (a tiny
 * SMTP client, {@link sendSmtpMail}); a failed delivery is kept in the outbox, logged (the
 * outbox id, the masked recipient and why, never the message) and answered with HTTP 503
 * ("Verification code failed to send, please try again later"). Without it, and for SMS always
 * (no SMS provider is wired), messages go to the outbox.
 */
export function createMailer(
  config: Pick<Config, 'smtpUrl'>,
  database: Database,
  log: FastifyBaseLogger,
): Mailer {
  const outbox = outboxMailer(database, log);
  const { smtpUrl } = config;
  if (smtpUrl === undefined) return outbox;
  return {
    send: async (message, nowMs) => {
      if (message.channel !== 'email') return outbox.send(message, nowMs);
      try {
        await sendSmtpMail(smtpUrl, {
          from: MAIL_FROM,
          to: message.to,
          subject: message.subject,
          text: message.text,
        });
      } catch (error) {
        const id = await keepInOutbox(database, log, message, nowMs);
        log.error(
          {
            outbox: { id, to: maskRecipient(message.to) },
            smtp: smtpFailureReason(error, message),
          },
          `SMTP delivery failed; message ${id} is kept in the outbox`,
        );
        throw new HttpError(
          503,
          ERROR_CODES.unavailable,
          'Verification code failed to send, please try again later',
        );
      }
    },
  };
}

/** The newest outbox messages first, optionally only those to `to`. */
export async function listOutbox(
  database: Database,
  options: { readonly to?: string; readonly limit?: number } = {},
): Promise<OutboxEntry[]> {
  const limit = options.limit ?? 50;
  const result = (await database.db.execute(sql`
    SELECT id::text AS id, channel, recipient AS "to", subject, body AS text,
           (extract(epoch from created_at) * 1000)::float8 AS created_ms
    FROM mail_outbox
    ${options.to === undefined ? sql`` : sql`WHERE recipient = ${options.to}`}
    ORDER BY mail_outbox.id DESC
    LIMIT ${limit}`)) as unknown as {
    rows: {
      id: string;
      channel: 'email' | 'sms';
      to: string;
      subject: string;
      text: string;
      created_ms: number;
    }[];
  };
  return result.rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    to: row.to,
    subject: row.subject,
    text: row.text,
    created_at: new Date(row.created_ms).toISOString(),
  }));
}
