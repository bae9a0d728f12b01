import { isApiError } from '@poolkit/core/client';
import { RESEND_CODE_SECONDS } from '@poolkit/core/constants';
import { useCallback, useEffect, useState } from 'react';

/**
 * The seconds to wait before another code may be sent, when `error` is the server's 429 to a
 * code sent less than 60 s ago; `undefined` for any other error.
 *
 * The server sends the wait twice: in the `Retry-After` header and at the end of its message
 * (`…; resend_after_s: 40`). The client's `ApiError` keeps no headers, so the number is read
 * from the message; a 429 without it waits the full {@link RESEND_CODE_SECONDS}.
 */
export function resendWaitOf(error: unknown): number | undefined {
  if (!isApiError(error) || error.status !== 429) return undefined;
  const match = /resend_after_s:\s*(\d+)/.exec(error.serverMessage ?? '');
  if (!match) return RESEND_CODE_SECONDS;
  return Math.max(1, Number(match[1]));
}

/** What {@link useResendCountdown} gives a "send code" button. */
export interface ResendCountdown {
  /** Seconds left before another send; `0` when the button may send. */
  left: number;
  /** Whether a send is on its way. */
  sending: boolean;
  /**
   * Runs `send` unless the countdown runs. On success starts the 60 s countdown and resolves
   * `'sent'`; on the server's "sent less than 60 s ago" (thrown, or already turned into the
   * seconds to wait that `send` resolves to) starts the countdown it names and resolves `'wait'`
   * (the earlier code still works, so no error is shown); on any other error resolves
   * `'failed'` after handing it to `onError`.
   */
  send: (
    send: () => Promise<unknown>,
    onError: (error: unknown) => void,
  ) => Promise<'sent' | 'wait' | 'failed' | 'busy'>;
  /** Starts a countdown of `seconds`. */
  start: (seconds: number) => void;
}

/**
 * The countdown of a "send code" button (spec: 60 s between codes): the button reads
 * "Resend in N s" while `left > 0`. Counts against a deadline, so a throttled background tab
 * still ends on time.
 */
export function useResendCountdown(): ResendCountdown {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const remaining = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) setDeadline(null);
    };
    tick();
    const timer = window.setInterval(tick, 250);
    return () => window.clearInterval(timer);
  }, [deadline]);

  const start = useCallback((seconds: number) => {
    setLeft(seconds);
    setDeadline(Date.now() + seconds * 1000);
  }, []);

  const send = useCallback<ResendCountdown['send']>(
    async (action, onError) => {
      if (left > 0 || sending) return 'busy';
      setSending(true);
      try {
        const wait = await action();
        if (typeof wait === 'number') {
          start(wait);
          return 'wait';
        }
        start(RESEND_CODE_SECONDS);
        return 'sent';
      } catch (error) {
        const wait = resendWaitOf(error);
        if (wait !== undefined) {
          start(wait);
          return 'wait';
        }
        onError(error);
        return 'failed';
      } finally {
        setSending(false);
      }
    },
    [left, sending, start],
  );

  return { left, sending, send, start };
}
