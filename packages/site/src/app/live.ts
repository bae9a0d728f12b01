import type { LiveNotice } from '@poolkit/core/client';
import type { LiveTopic } from '@poolkit/core/contract';
import type { Session } from '@poolkit/core/session';
import { useEffect, useRef, useState } from 'react';
import { useServices } from './servicesContext';

/** A section that follows topics. */
export type Listener = { topics: readonly LiveTopic[]; onEvent: (notice: LiveNotice) => void };

/**
 * Adds a listener to the page's one live stream (`liveClient.ts`, loaded on the first call, after
 * the first render); resolves the function that removes it.
 */
function follow(session: Session, renew: () => Promise<unknown>, listener: Listener): () => void {
  let removed = false;
  let remove: (() => void) | undefined;
  void import('./liveClient').then(
    ({ streamsOf }) => {
      if (!removed) remove = streamsOf(session, renew).add(listener);
    },
    () => {
      // No live client (a chunk that failed to load): the sections keep their own refreshes.
    },
  );
  return () => {
    removed = true;
    remove?.();
  };
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
  const { session, scheduler } = useServices();
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const key = topics === null ? null : topics.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the topics
  useEffect(() => {
    if (topics === null || topics.length === 0) return;
    return follow(session, () => scheduler.renew(), {
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
