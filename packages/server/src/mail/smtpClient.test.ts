import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { sendSmtpMail } from './smtpClient';

/** A scripted SMTP server that records the commands and the message it receives. */
async function fakeSmtpServer(options: { rejectRecipient?: boolean } = {}) {
  const commands: string[] = [];
  let data = '';
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.setEncoding('utf8');
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let index = buffer.indexOf('\r\n');
      while (index >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            socket.write('250 queued\r\n');
          } else {
            data += `${line}\n`;
          }
        } else {
          commands.push(line);
          const verb = line.split(' ')[0]?.toUpperCase();
          if (verb === 'EHLO') socket.write('250-fake\r\n250 AUTH PLAIN\r\n');
          else if (verb === 'AUTH') socket.write('235 ok\r\n');
          else if (verb === 'MAIL') socket.write('250 ok\r\n');
          else if (verb === 'RCPT')
            socket.write(options.rejectRecipient ? '550 no such user\r\n' : '250 ok\r\n');
          else if (verb === 'DATA') {
            inData = true;
            socket.write('354 go on\r\n');
          } else if (verb === 'QUIT') {
            socket.end('221 bye\r\n');
          }
        }
        index = buffer.indexOf('\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    commands,
    data: () => data,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('sendSmtpMail', () => {
  it('should authenticate, send the message with dot-stuffing and quit', async () => {
    const server = await fakeSmtpServer();
    try {
      await sendSmtpMail(`smtp://user%40x:p%40ss@127.0.0.1:${server.port}`, {
        from: 'no-reply@poolkit.local',
        to: 'alice@example.com',
        subject: 'Code',
        text: 'Your code is 123456.\n.hidden line',
      });
      expect(server.commands[0]).toBe('EHLO poolkit.local');
      expect(server.commands[1]).toBe(
        `AUTH PLAIN ${Buffer.from('\0user@x\0p@ss').toString('base64')}`,
      );
      expect(server.commands.slice(2)).toEqual([
        'MAIL FROM:<no-reply@poolkit.local>',
        'RCPT TO:<alice@example.com>',
        'DATA',
        'QUIT',
      ]);
      expect(server.data()).toContain('Subject: Code\n');
      expect(server.data()).toContain('Your code is 123456.\n..hidden line\n');
    } finally {
      await server.close();
    }
  });

  it('should reject when the server refuses the recipient', async () => {
    const server = await fakeSmtpServer({ rejectRecipient: true });
    try {
      await expect(
        sendSmtpMail(`smtp://127.0.0.1:${server.port}`, {
          from: 'no-reply@poolkit.local',
          to: 'nobody@example.com',
          subject: 'Code',
          text: 'x',
        }),
      ).rejects.toThrow('550 no such user');
    } finally {
      await server.close();
    }
  });
});
