import { useCallback, useEffect, useRef, useState } from 'react';
import { visuallyHidden } from '../../internal/shared.css';
import { useMiningT } from '../../lib/useMiningT';
import { Button, type ButtonProps } from '../Button/Button';
import * as styles from './ResendCountdown.css';

/** Texts of {@link ResendCountdown}; each defaults to the `widgets.*` translation. */
export interface ResendCountdownLabels {
  /** Before the first send. Default `t('widgets.sendCode')`. */
  send?: string;
  /** After the countdown. Default `t('widgets.resendCode')`. */
  resend?: string;
  /** During the countdown. Default `t('widgets.resendIn', { seconds })`, "Resend in 42 s". */
  countdown?: (seconds: number) => string;
  /** Announced when the countdown starts. Default `t('widgets.resendWait', { seconds })`. */
  announceWait?: (seconds: number) => string;
  /** Announced when sending is possible again. Default `t('widgets.resendReady')`. */
  announceReady?: string;
}

/** Props of {@link ResendCountdown}. */
export interface ResendCountdownProps {
  /**
   * Sends the code. Return (or resolve to) `false` when it failed, or reject: the countdown then
   * does not start. While a returned promise is pending the button shows as busy.
   */
  onResend: () => unknown;
  /** The wait before another send, in seconds. Default `60` (spec section 9). */
  seconds?: number;
  /** Starts counting at once, for a code that was sent before this button appeared. Default `false`. */
  startOnMount?: boolean;
  /** Disables the button whatever the countdown says, e.g. while the e-mail is invalid. Default `false`. */
  disabled?: boolean;
  /** Button look. Default `'secondary'`. */
  variant?: ButtonProps['variant'];
  /** Button size. Default `'md'`. */
  size?: ButtonProps['size'];
  /** Overrides of the texts. */
  labels?: ResendCountdownLabels;
  /** Extra class on the button. */
  className?: string;
}

/**
 * The "send code" button of verification forms: after a send it waits `seconds` (60) before
 * another, counting down on the button. It stays focusable while waiting (`aria-disabled`), so
 * focus is never lost, and a polite live region says when it starts and when it is ready, not
 * every second. Carries `data-state="idle" | "sending" | "counting" | "ready"`.
 */
export function ResendCountdown({
  onResend,
  seconds = 60,
  startOnMount = false,
  disabled = false,
  variant = 'secondary',
  size,
  labels,
  className,
}: ResendCountdownProps) {
  const { t } = useMiningT();
  // Counting against a deadline survives throttled timers in background tabs.
  const [deadline, setDeadline] = useState<number | null>(() =>
    startOnMount ? Date.now() + seconds * 1000 : null,
  );
  const [remaining, setRemaining] = useState(startOnMount ? seconds : 0);
  const [sending, setSending] = useState(false);
  const [sentOnce, setSentOnce] = useState(startOnMount);
  const [announcement, setAnnouncement] = useState('');
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const announceWait = useCallback(
    (value: number) => labels?.announceWait?.(value) ?? t('widgets.resendWait', { seconds: value }),
    [labels, t],
  );
  const announceReady = labels?.announceReady ?? t('widgets.resendReady');

  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) {
        setDeadline(null);
        setAnnouncement(announceReady);
      }
    };
    tick();
    const timer = window.setInterval(tick, 250);
    return () => window.clearInterval(timer);
  }, [deadline, announceReady]);

  const counting = deadline !== null && remaining > 0;
  const inert = disabled || counting || sending;

  const start = () => {
    setSentOnce(true);
    setRemaining(seconds);
    setDeadline(Date.now() + seconds * 1000);
    setAnnouncement(announceWait(seconds));
  };

  const handleClick = async () => {
    if (inert) return;
    setSending(true);
    let succeeded = false;
    try {
      succeeded = (await onResend()) !== false;
    } catch {
      succeeded = false;
    }
    if (!mounted.current) return;
    setSending(false);
    if (succeeded) start();
  };

  const text = counting
    ? (labels?.countdown?.(remaining) ?? t('widgets.resendIn', { seconds: remaining }))
    : sentOnce
      ? (labels?.resend ?? t('widgets.resendCode'))
      : (labels?.send ?? t('widgets.sendCode'));
  const state = sending ? 'sending' : counting ? 'counting' : sentOnce ? 'ready' : 'idle';

  return (
    <>
      <Button
        variant={variant}
        size={size}
        loading={sending}
        aria-disabled={inert || undefined}
        data-state={state}
        className={className}
        onClick={handleClick}
      >
        <span className={styles.label}>{text}</span>
      </Button>
      <span role="status" className={visuallyHidden}>
        {announcement}
      </span>
    </>
  );
}
