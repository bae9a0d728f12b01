import type { LiveNotice, LiveSubscription, LiveTopic, Session } from '@poolkit/core';
import { useEffect, useRef, useState } from 'react';
import { useServices } from './servicesContext';

type Listener = { topics: readonly LiveTopic[]; onEvent: (notice: LiveNotice) => void };

/**
 * One live stream per page for every section that follows something: the browser keeps only six
 * connections per server, so each section opening its own stream would starve the page's
 * requests. The stream follows the union of the listeners' topics; when it changes, a new stream
 * starts from the last event id of the old one, so nothing in between is lost.
 */
class LiveStreams {
  private readonly listeners = new Set<Listener>();
  private subscription: LiveSubscription | null = null;
  private topicsKey = '';
  private lastEventId: string | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private generation = 0;

  constructor(private readonly session: Session) {}

  add(listener: Listener): () => void {
    this.listeners.add(listener);
    this.schedule();
    return () => {
      this.listeners.delete(listener);
      this.schedule();
    };
  }

  /** Token changes (sign-in, sign-out, observer link) start a stream with the new caller. */
  reconnect(): void {
    this.topicsKey = '';
    this.schedule();
  }

  private schedule(): void {
    clearTimeout(this.timer);
    // Sections mount and unmount together on navigation: one new stream for all of them.
    this.timer = setTimeout(() => void this.update(), 50);
  }

  private async update(): Promise<void> {
    const topics = [...new Set([...this.listeners].flatMap((listener) => listener.topics))].sort();
    const key = topics.join(',');
    if (key === this.topicsKey) return;
    this.topicsKey = key;
    const generation = ++this.generation;
    if (this.subscription !== null) {
      this.lastEventId = this.subscription.lastEventId ?? this.lastEventId;
      this.subscription.close();
      this.subscription = null;
    }
    if (topics.length === 0) return;
    const { subscribeLive } = await import('./liveClient');
    if (generation !== this.generation) return;
    const session = this.session;
    this.subscription = subscribeLive(
      topics as LiveTopic[],
      (notice) => {
        for (const listener of [...this.listeners]) {
          const wanted =
            notice.type === 'poll' || notice.type === 'ready' || topicsOf(notice, listener.topics);
          if (wanted) listener.onEvent(notice);
        }
      },
      {
        getToken: () => session.observer.getToken() ?? session.getAccessToken(),
        ...(this.lastEventId === undefined ? {} : { lastEventId: this.lastEventId }),
      },
    );
  }
}

/** Whether a listener of `topics` wants `notice`. */
function topicsOf(notice: LiveNotice, topics: readonly LiveTopic[]): boolean {
  switch (notice.type) {
    case 'pool':
      return topics.includes(`pool:${notice.data.coin}`);
    case 'block':
      return topics.includes(`blocks:${notice.data.coin}`);
    case 'account':
      return topics.includes('account');
    case 'workers':
      return topics.includes('workers');
    case 'message':
      return topics.includes('messages');
    default:
      return false;
  }
}

const streams = new WeakMap<Session, LiveStreams>();

function streamsOf(session: Session): LiveStreams {
  let found = streams.get(session);
  if (found === undefined) {
    found = new LiveStreams(session);
    streams.set(session, found);
    const caller = () => session.observer.getToken() ?? session.getAccessToken();
    let token = caller();
    session.subscribe(() => {
      if (caller() === token) return;
      token = caller();
      found?.reconnect();
    });
  }
  return found;
}

/**
 * Calls `onEvent` with the live events of `topics` (and `poll` while the stream is unavailable)
 * while the component is mounted; `null` follows nothing. The live client loads after the
 * first render.
 */
export function useLive(
  topics: readonly LiveTopic[] | null,
  onEvent: (notice: LiveNotice) => void,
): void {
  const { session } = useServices();
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const key = topics === null ? null : topics.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the topics
  useEffect(() => {
    if (topics === null || topics.length === 0) return;
    return streamsOf(session).add({
      topics,
      onEvent: (notice) => {
        if (notice.type !== 'ready') handler.current(notice);
      },
    });
  }, [session, key]);
}

/**
 * A number that grows when something of `topics` changed (an event, or a poll while the stream
 * is unavailable): pass it as `refresh` to `useApiData` and the section reads its data again,
 * keeping what it shows meanwhile. Events of one batch count once.
 */
export function useLiveVersion(topics: readonly LiveTopic[] | null): number {
  const [version, setVersion] = useState(0);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);
  useLive(topics, () => {
    if (pending.current !== undefined) return;
    pending.current = setTimeout(() => {
      pending.current = undefined;
      setVersion((value) => value + 1);
    }, 100);
  });
  return version;
}
