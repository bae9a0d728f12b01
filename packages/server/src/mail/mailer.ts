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
 * The outbox: messages go to the `mail_outbox` table and to the server log (info level), so a
 * developer can read codes without a mail server. `GET /api/dev/outbox` lists them outside
 * production.
 */
export function outboxMailer(database: Database, log: FastifyBaseLogger): Mailer {
  return {
    send: async (message, nowMs) => {
      await database.db.execute(sql`
        INSERT INTO mail_outbox (channel, recipient, subject, body, created_at)
        VALUES (${message.channel}, ${message.to}, ${message.subject}, ${message.text},
                ${new Date(nowMs).toISOString()}::timestamptz)`);
      log.info(
        { outbox: { channel: message.channel, to: message.to, subject: message.subject } },
        `outbox: ${message.channel} to ${message.to}: ${message.text}`,
      );
    },
  };
}

/** The sender address of SMTP mail. */
export const MAIL_FROM = 'no-reply@poolkit.local';

/**
 * The mailer the configuration asks for: with `SMTP_URL`, emails go through that server (a tiny
 * SMTP client, {@link sendSmtpMail}); a failed delivery is logged, kept in the outbox and answered
 * with HTTP 503 ("Verification code failed to send, please try again later"). Without it, and
 * for SMS always (no SMS provider is wired), messages go to the outbox.
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
        log.error(
          { err: error, to: message.to },
          'SMTP delivery failed; the message is kept in the outbox',
        );
        await outbox.send(message, nowMs);
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
