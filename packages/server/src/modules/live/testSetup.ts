export const MINUTE = 60_000;
export const T0 = Date.UTC(2026, 4, 4, 10, 0);
export const PERMISSIONS = ['pool.view', 'miner.view', 'account.view', 'user.view'];

export interface SseEvent {
  event: string;
  id: string | undefined;
  data: string;
}

/**
 * A stream read over real HTTP (Node's fetch): its status, and its events and comment lines as
 * they arrive, parsed by the rules of the Server-Sent Events format.
 */
export interface Stream {
  readonly status: number;
  readonly headers: Headers;
  readonly events: SseEvent[];
  readonly comments: string[];
  retry: number | undefined;
  ended: boolean;
  /** Waits for the first event after `from` (an index in `events`) that `match` accepts. */
  next(match: (event: SseEvent) => boolean, from?: number, timeoutMs?: number): Promise<SseEvent>;
  close(): void;
  body: string;
}

export async function openStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const stream: Stream = {
    status: response.status,
    headers: response.headers,
    events: [],
    comments: [],
    retry: undefined,
    ended: false,
    body: '',
    async next(match, from = 0, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = stream.events.slice(from).find(match);
        if (found !== undefined) return found;
        if (stream.ended || Date.now() > deadline) {
          throw new Error(`no such event; got ${JSON.stringify(stream.events)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => controller.abort(),
  };
  if (response.status !== 200 || response.body === null) {
    stream.body = await response.text();
    stream.ended = true;
    return stream;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let current: { event: string; id: string | undefined; data: string[] } = {
    event: 'message',
    id: undefined,
    data: [],
  };
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let newline = buffer.indexOf('\n');
        while (newline !== -1) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 1);
          newline = buffer.indexOf('\n');
          if (line === '') {
            if (current.data.length > 0) {
              stream.events.push({
                event: current.event,
                id: current.id,
                data: current.data.join('\n'),
              });
            }
            current = { event: 'message', id: undefined, data: [] };
          } else if (line.startsWith(':')) stream.comments.push(line.slice(1).trim());
          else {
            const colon = line.indexOf(':');
            const field = line.slice(0, colon);
            const value = line.slice(colon + 1).replace(/^ /, '');
            if (field === 'event') current.event = value;
            else if (field === 'id') current.id = value;
            else if (field === 'data') current.data.push(value);
            else if (field === 'retry') stream.retry = Number(value);
          }
        }
      }
    } catch {
      // Aborted by the test.
    }
    stream.ended = true;
  })();
  return stream;
}
