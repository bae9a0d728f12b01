import net from 'node:net';
import tls from 'node:tls';

/** One email to send through {@link sendSmtpMail}. */
export interface SmtpMail {
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/** Options of {@link sendSmtpMail}. */
export interface SmtpOptions {
  /** Give up after this long. Default 20 s. */
  readonly timeoutMs?: number;
  /** The name sent in `EHLO`. Default `poolkit.local`. */
  readonly clientName?: string;
}

/** Reads SMTP replies (possibly multi-line) from a socket, one at a time. */
function replyReader(socket: net.Socket) {
  let buffer = '';
  const waiting: ((reply: { code: number; text: string }) => void)[] = [];
  const ready: { code: number; text: string }[] = [];
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    for (;;) {
      // A reply ends with a line "NNN text" (a space after the code, not a dash).
      const match = /(^|\r\n)(\d{3}) [^\r\n]*\r\n/.exec(buffer);
      if (match === null) return;
      const end = match.index + match[0].length;
      const reply = { code: Number(match[2]), text: buffer.slice(0, end).trim() };
      buffer = buffer.slice(end);
      const resolve = waiting.shift();
      if (resolve === undefined) ready.push(reply);
      else resolve(reply);
    }
  });
  return (): Promise<{ code: number; text: string }> => {
    const reply = ready.shift();
    if (reply !== undefined) return Promise.resolve(reply);
    return new Promise((resolve) => waiting.push(resolve));
  };
}

/** Escapes a header value: no line breaks, non-ASCII as an RFC 2047 encoded word. */
function headerValue(value: string): string {
  const flat = value.replace(/[\r\n]+/g, ' ');
  return /^[\x20-\x7e]*$/.test(flat) ? flat : `=?UTF-8?B?${Buffer.from(flat).toString('base64')}?=`;
}

/**
 * Sends one plain-text email to an SMTP server (`smtp://[user:pass@]host[:port]`, or
 * `smtps://` for implicit TLS), with `AUTH PLAIN` when the URL carries credentials. A tiny
 * client over `node:net`/`node:tls`: no STARTTLS, no pooling. Rejects on any unexpected reply.
 */
export async function sendSmtpMail(
  url: string,
  mail: SmtpMail,
  options: SmtpOptions = {},
): Promise<void> {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  const port = parsed.port === '' ? (secure ? 465 : 25) : Number(parsed.port);
  const socket: net.Socket = secure
    ? tls.connect({ host: parsed.hostname, port, servername: parsed.hostname })
    : net.connect({ host: parsed.hostname, port });
  socket.setTimeout(options.timeoutMs ?? 20_000);
  const failure = new Promise<never>((_, reject) => {
    socket.once('error', reject);
    socket.once('timeout', () => reject(new Error('SMTP: timed out')));
    socket.once('close', () => reject(new Error('SMTP: connection closed')));
  });
  const nextReply = replyReader(socket);
  const expect = async (codes: readonly number[], command?: string) => {
    if (command !== undefined) socket.write(`${command}\r\n`);
    const reply = await Promise.race([nextReply(), failure]);
    if (!codes.includes(reply.code)) {
      throw new Error(
        `SMTP: unexpected reply to ${command?.split(' ')[0] ?? 'greeting'}: ${reply.text}`,
      );
    }
  };
  try {
    await expect([220]);
    await expect([250], `EHLO ${options.clientName ?? 'poolkit.local'}`);
    if (parsed.username !== '') {
      const credentials = Buffer.from(
        `\0${decodeURIComponent(parsed.username)}\0${decodeURIComponent(parsed.password)}`,
      ).toString('base64');
      await expect([235], `AUTH PLAIN ${credentials}`);
    }
    await expect([250], `MAIL FROM:<${mail.from}>`);
    await expect([250, 251], `RCPT TO:<${mail.to}>`);
    await expect([354], 'DATA');
    const body = mail.text
      .replace(/\r?\n/g, '\r\n')
      .split('\r\n')
      .map((line) => (line.startsWith('.') ? `.${line}` : line))
      .join('\r\n');
    const message = [
      `From: ${mail.from}`,
      `To: ${mail.to}`,
      `Subject: ${headerValue(mail.subject)}`,
      `Date: ${new Date().toUTCString()}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
      '',
      body,
      '.',
    ].join('\r\n');
    await expect([250], message);
    await expect([221], 'QUIT');
  } finally {
    socket.removeAllListeners('close');
    failure.catch(() => {});
    socket.end();
  }
}
