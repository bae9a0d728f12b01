import type { LiveNotice } from '@poolkit/core/client';
import { createSession, MemoryStorage } from '@poolkit/core/session';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { streamsOf } from './liveClient';

/** A stand-in for the browser's `EventSource`: records each stream and lets the test send events. */
class FakeEventSource {
  static readonly made: FakeEventSource[] = [];
  readyState = 1;
  closed = false;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.made.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
    this.readyState = 2;
  }

  /** Delivers one event of the stream. */
  send(type: string, data: unknown, lastEventId = ''): void {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  /** The `access_token` the stream was opened with. */
  token(): string | null {
    return new URL(this.url, 'http://x').searchParams.get('access_token');
  }
}

function jwt(payload: Record<string, number>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replaceAll('=', '').replaceAll('+', '-').replaceAll('/', '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.c2lnbmF0dXJl`;
}

async function until(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("the page's live stream when the server ends it for its token", () => {
  const original = globalThis.EventSource;

  beforeEach(() => {
    FakeEventSource.made.length = 0;
    (globalThis as { EventSource: unknown }).EventSource = FakeEventSource;
  });

  afterEach(() => {
    globalThis.EventSource = original;
  });

  it('should stop the stream, refresh the session once, and start again only with the new token', async () => {
    const nowS = Math.floor(Date.now() / 1000);
    const stolen = jwt({ iat: nowS, exp: nowS + 7200 });
    const fresh = jwt({ iat: nowS + 1, exp: nowS + 7201 });
    const session = createSession({ local: new MemoryStorage(), session: new MemoryStorage() });
    session.login({ accessToken: stolen, refreshToken: 'refresh-1' }, 1);
    let release: () => void = () => {};
    const renewed = new Promise<void>((resolve) => {
      release = resolve;
    });
    const renew = vi.fn(async () => {
      await renewed;
      session.setTokens({ accessToken: fresh, refreshToken: 'refresh-2' });
    });
    const notices: LiveNotice[] = [];
    const remove = streamsOf(session, renew).add({
      topics: ['account'],
      onEvent: (notice) => notices.push(notice),
    });
    try {
      await until(() => FakeEventSource.made.length === 1);
      const first = FakeEventSource.made[0] as FakeEventSource;
      expect(first.token()).toBe(stolen);
      first.send('ready', { topics: ['account'] }, '1.1.1');
      first.send('unauthorized', { reason: 'revoked' });
      first.send('unauthorized', { reason: 'revoked' });

      expect(first.closed).toBe(true);
      expect(renew).toHaveBeenCalledTimes(1);
      // The sections are not told about it: they read again (a poll) while the stream is off.
      expect(notices.map((notice) => notice.type)).not.toContain('unauthorized');
      expect(notices.at(-1)?.type).toBe('poll');
      // No stream with the refused token, however long the refresh takes.
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(FakeEventSource.made).toHaveLength(1);

      release();
      await until(() => FakeEventSource.made.length === 2);
      const second = FakeEventSource.made[1] as FakeEventSource;
      expect(second.token()).toBe(fresh);
      expect(new URL(second.url, 'http://x').searchParams.get('last_event_id')).toBe('1.1.1');
    } finally {
      remove();
      session.dispose();
    }
  });
});
