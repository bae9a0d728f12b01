import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EventSource } from 'eventsource';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type LiveNotice, type LiveState, subscribeLive } from './subscribeLive';

/**
 * A local stream server: each request is answered by the next handler of `plan` (the last one
 * again once the plan runs out); every request is recorded.
 */
interface StreamServer {
  readonly base: string;
  readonly requests: IncomingMessage[];
  plan: ((request: IncomingMessage, response: ServerResponse) => void)[];
  close(): Promise<void>;
}

async function startServer(): Promise<StreamServer> {
  const requests: IncomingMessage[] = [];
  const open = new Set<ServerResponse>();
  const server: StreamServer = {
    base: '',
    requests,
    plan: [],
    close: async () => {
      for (const response of open) response.destroy();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
  const http: Server = createServer((request, response) => {
    requests.push(request);
    open.add(response);
    response.on('close', () => open.delete(response));
    const handler = server.plan.length > 1 ? server.plan.shift() : server.plan[0];
    handler?.(request, response);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return Object.assign(server, {
    base: `http://127.0.0.1:${(http.address() as AddressInfo).port}/api`,
  });
}

/** Answers a stream with `events` (`[name, id, data]`) and keeps it open, or ends it. */
function streamOf(events: [string, string | undefined, unknown][], end = false) {
  return (_request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    let text = 'retry: 20\n\n';
    for (const [name, id, data] of events) {
      text += `event: ${name}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`;
    }
    response.write(text);
    if (end) response.end();
  };
}

function refuse(status: number) {
  return (_request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ code: status * 100, msg: 'no' }));
  };
}

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const BLOCK = {
  coin: 'kas',
  block: {
    height: 10,
    hash: 'ab',
    reward: '1',
    time: '2026-05-04T10:00:00.000Z',
    luck: 1,
    status: 'pending',
    confirmations: 0,
    required_confirmations: 10,
  },
};

describe('subscribeLive', () => {
  let server: StreamServer;
  const notices: LiveNotice[] = [];
  const states: LiveState[] = [];
  let close: (() => void) | undefined;

  beforeEach(async () => {
    notices.length = 0;
    states.length = 0;
    server = await startServer();
  });

  afterEach(async () => {
    close?.();
    await server.close();
  });

  it('should pass checked events on, drop malformed ones and remember the last id', async () => {
    server.plan = [
      streamOf([
        ['block', undefined, { coin: 'kas', block: { height: 'x' } }],
        ['block', '5.7.0', BLOCK],
        ['ready', undefined, { topics: ['blocks:kas'] }],
      ]),
    ];
    const live = subscribeLive(['blocks:kas'], (notice) => notices.push(notice), {
      baseUrl: server.base,
      EventSource,
      onStateChange: (state) => states.push(state),
    });
    close = () => live.close();
    await until(() => notices.length === 2);
    expect(notices.map((notice) => notice.type)).toEqual(['block', 'ready']);
    expect(notices[0]).toEqual({ type: 'block', data: BLOCK });
    expect(live.lastEventId).toBe('5.7.0');
    expect(live.state).toBe('open');
    expect(new URL(server.requests[0]?.url ?? '', 'http://x').searchParams.get('topics')).toBe(
      'blocks:kas',
    );
  });

  it('should resume with Last-Event-ID when the stream drops', async () => {
    server.plan = [
      streamOf([['ready', '1.2.3', { topics: ['blocks:kas'] }]], true),
      streamOf([['block', '1.3.3', BLOCK]]),
    ];
    const live = subscribeLive(['blocks:kas'], (notice) => notices.push(notice), {
      baseUrl: server.base,
      EventSource,
    });
    close = () => live.close();
    await until(() => notices.some((notice) => notice.type === 'block'));
    expect(server.requests[1]?.headers['last-event-id']).toBe('1.2.3');
    expect(live.lastEventId).toBe('1.3.3');
  });

  it('should reconnect after an error answer with a fresh token and the last id', async () => {
    let token = 'old';
    server.plan = [
      streamOf([['ready', '1.1.1', { topics: ['messages'] }]], true),
      refuse(400),
      streamOf([['message', '1.1.2', { id: '9', unread: 3 }]]),
    ];
    const live = subscribeLive(['messages'], (notice) => notices.push(notice), {
      baseUrl: server.base,
      EventSource,
      retryMs: 10,
      getToken: () => token,
    });
    close = () => live.close();
    await until(() => server.requests.length >= 2);
    token = 'new';
    await until(() => notices.some((notice) => notice.type === 'message'));
    const last = new URL(server.requests.at(-1)?.url ?? '', 'http://x').searchParams;
    expect(last.get('access_token')).toBe('new');
    expect(last.get('last_event_id')).toBe('1.1.1');
    expect(notices.at(-1)).toEqual({ type: 'message', data: { id: '9', unread: 3 } });
  });

  it('should never reopen the stream with a token the server ended it for, only with a new one', async () => {
    let token = 'stolen';
    server.plan = [
      streamOf(
        [
          ['ready', '1.1.1', { topics: ['account'] }],
          ['unauthorized', undefined, { reason: 'revoked' }],
        ],
        true,
      ),
      streamOf([['ready', '1.1.2', { topics: ['account'] }]]),
    ];
    const live = subscribeLive(['account'], (notice) => notices.push(notice), {
      baseUrl: server.base,
      EventSource,
      retryMs: 10,
      pollIntervalMs: 1000,
      streamRetryMs: 30,
      getToken: () => token,
    });
    close = () => live.close();
    await until(() => notices.some((notice) => notice.type === 'unauthorized'));
    expect(notices.find((notice) => notice.type === 'unauthorized')).toEqual({
      type: 'unauthorized',
      data: { reason: 'revoked' },
    });
    expect(live.state).toBe('polling');
    expect(notices.at(-1)).toEqual({ type: 'poll', data: null });
    // Several stream retries go by (and the stream's own `retry: 20`): no request with that token.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.requests).toHaveLength(1);
    token = 'fresh';
    await until(() => live.state === 'open');
    expect(server.requests).toHaveLength(2);
    const last = new URL(server.requests[1]?.url ?? '', 'http://x').searchParams;
    expect(last.get('access_token')).toBe('fresh');
    expect(last.get('last_event_id')).toBe('1.1.1');
  });

  it('should fall back to polling when the stream keeps failing, and come back to it', async () => {
    server.plan = [refuse(503), refuse(503), streamOf([['ready', '2.2.2', { topics: [] }]])];
    const live = subscribeLive(['pool:kas'], (notice) => notices.push(notice), {
      baseUrl: server.base,
      EventSource,
      retryMs: 10,
      maxFailures: 2,
      pollIntervalMs: 30,
      streamRetryMs: 200,
      onStateChange: (state) => states.push(state),
    });
    close = () => live.close();
    await until(() => notices.filter((notice) => notice.type === 'poll').length >= 3);
    expect(states).toContain('polling');
    await until(() => live.state === 'open');
    const polls = notices.filter((notice) => notice.type === 'poll').length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(notices.filter((notice) => notice.type === 'poll').length).toBe(polls);
  });

  it('should poll at once without EventSource', async () => {
    const live = subscribeLive(['pool:kas'], (notice) => notices.push(notice), {
      baseUrl: server.base,
      EventSource: null,
      pollIntervalMs: 20,
    });
    close = () => live.close();
    expect(notices).toEqual([{ type: 'poll', data: null }]);
    expect(live.state).toBe('polling');
    await until(() => notices.length >= 3);
    live.close();
    const count = notices.length;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(notices.length).toBe(count);
    expect(server.requests).toHaveLength(0);
  });
});
