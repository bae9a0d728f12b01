import { type LiveNotice, type LiveSubscription, subscribeLive } from '@poolkit/core/client';
import type { LiveTopic } from '@poolkit/core/contract';
import type { Session } from '@poolkit/core/session';
import type { Listener } from './live';

/**
 * The live client: core's `subscribeLive` (with the contract's event schemas) and the page's one
 * stream, imported lazily by `live.ts` once a page has rendered, so none of it is part of the
 * first load.
 */

/**
 * One live stream per page for every section that follows something: the browser keeps only six
 * connections per server, so each section opening its own stream would starve the page's
 * requests. The stream follows the union of the listeners' topics; when it changes, a new stream
 * starts from the last event id of the old one, so nothing in between is lost.
 *
 * When the server ends the stream because its token no longer works (`unauthorized`: the
 * session was revoked by a password reset or change, or a logout elsewhere, or its access token
 * expired), `subscribeLive` stops using that token (it polls meanwhile) and this asks for a
 * refresh the normal way (`renew`: the refresh scheduler's). A working session gets new tokens
 * and the stream starts again with them (the session's change does it); a revoked one is refused,
 * which signs out and goes to the login page. An observer link cannot be refreshed: its stream
 * stays off until the token changes. One refresh per refused token, so a server that keeps
 * refusing does not make the page refresh in a loop.
 */
export class LiveStreams {
  private readonly listeners = new Set<Listener>();
  private subscription: LiveSubscription | null = null;
  private topicsKey = '';
  private lastEventId: string | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The access token a refresh was last asked for (see `unauthorized`). */
  private renewedFor: string | null = null;

  constructor(
    private readonly session: Session,
    private readonly renew: () => Promise<unknown> = () => Promise.resolve(),
  ) {}

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

  /** The server ended the stream: its token no longer works. */
  private unauthorized(): void {
    if (this.session.observer.getToken() !== null) return;
    const token = this.session.getAccessToken();
    if (token === null || token === this.renewedFor) return;
    this.renewedFor = token;
    void this.renew().catch(() => {
      // The renewal signs out and reports by itself.
    });
  }

  private schedule(): void {
    clearTimeout(this.timer);
    // Sections mount and unmount together on navigation: one new stream for all of them.
    this.timer = setTimeout(() => this.update(), 50);
  }

  private update(): void {
    const topics = [...new Set([...this.listeners].flatMap((listener) => listener.topics))].sort();
    const key = topics.join(',');
    if (key === this.topicsKey) return;
    this.topicsKey = key;
    if (this.subscription !== null) {
      this.lastEventId = this.subscription.lastEventId ?? this.lastEventId;
      this.subscription.close();
      this.subscription = null;
    }
    if (topics.length === 0) return;
    const session = this.session;
    this.subscription = subscribeLive(
      topics as LiveTopic[],
      (notice) => {
        if (notice.type === 'unauthorized') {
          this.unauthorized();
          return;
        }
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

/**
 * The page's live stream (one per session). `renew` refreshes the session now (the refresh
 * scheduler's `renew`), for a stream the server ended because its token no longer works.
 */
export function streamsOf(session: Session, renew?: () => Promise<unknown>): LiveStreams {
  let found = streams.get(session);
  if (found === undefined) {
    found = new LiveStreams(session, renew);
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
