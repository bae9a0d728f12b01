import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { useMiningT } from '../../lib/useMiningT';
import { usePortalContainer } from '../../theme/portalContainer';
import { Button } from '../Button/Button';
import { Icon, type IconName } from '../Icon/Icon';
import { IconButton } from '../IconButton/IconButton';
import * as styles from './Toast.css';

/** The look and urgency of a toast. `'danger'` is announced at once (`role="alert"`). */
export type ToastTone = 'info' | 'success' | 'warning' | 'danger';

/** What {@link ToastApi.show} takes. */
export interface ToastOptions {
  /** The message. Required. */
  description: ReactNode;
  /** A bold first line above the message. */
  title?: ReactNode;
  /** Default `'info'`. */
  tone?: ToastTone;
  /**
   * Milliseconds before it closes by itself; `Infinity` keeps it until closed. Default: the
   * provider's `duration` (3000, spec section 9).
   */
  duration?: number;
  /** One button in the toast, e.g. "Retry"; pressing it also closes the toast. */
  action?: { label: string; onClick: () => void };
}

/** What {@link useToast} returns. */
export interface ToastApi {
  /** Shows a toast and returns its id. */
  show: (options: ToastOptions) => string;
  /** Closes a toast early. */
  dismiss: (id: string) => void;
}

interface ToastEntry extends ToastOptions {
  id: string;
}

const ToastContext = createContext<ToastApi | null>(null);

/**
 * The toasts of the surrounding {@link ToastProvider}.
 *
 * @example
 * const toast = useToast();
 * toast.show({ tone: 'danger', description: t('errors.requestFailed') });
 */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() must be used inside a <ToastProvider>.');
  return api;
}

/** Texts of {@link ToastProvider}; each defaults to the `widgets.*` translation. */
export interface ToastLabels {
  /** Each toast's close button. Default `t('widgets.close')`. */
  close?: string;
  /** The name of the notifications region. Default `t('widgets.notifications')`. */
  region?: string;
}

/** Props of {@link ToastProvider}. */
export interface ToastProviderProps {
  /** The app (or the part of it) that may show toasts. */
  children?: ReactNode;
  /** Milliseconds a toast stays. Default `3000` (spec section 9: toast 3 s). */
  duration?: number;
  /** The most toasts shown at once; older ones close first. Default `4`. */
  max?: number;
  /** Overrides of the texts. */
  labels?: ToastLabels;
}

let nextToastId = 0;

/**
 * Holds the toasts of the app and shows them in a corner (bottom right; along the bottom on
 * phones). Each has a close button and closes after `duration`, paused while hovered or focused.
 * How errors are shown on desktop (spec section 8); phones use an `AlertDialog`.
 */
export function ToastProvider({ children, duration = 3000, max = 4, labels }: ToastProviderProps) {
  const { t } = useMiningT();
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const portalContainer = usePortalContainer();

  const dismiss = useCallback((id: string) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);
  const show = useCallback(
    (options: ToastOptions) => {
      nextToastId += 1;
      const id = `pk-toast-${nextToastId}`;
      setToasts((current) => [...current, { ...options, id }].slice(-max));
      return id;
    },
    [max],
  );
  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);

  const viewport = (
    <section aria-label={labels?.region ?? t('widgets.notifications')} className={styles.region}>
      <div className={styles.list}>
        {toasts.map((toast) => (
          <ToastItem
            key={toast.id}
            toast={toast}
            duration={toast.duration ?? duration}
            closeLabel={labels?.close ?? t('widgets.close')}
            onDismiss={dismiss}
          />
        ))}
      </div>
    </section>
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* `null` while the theme wrapper mounts; `undefined` without one. */}
      {portalContainer === null ? null : createPortal(viewport, portalContainer ?? document.body)}
    </ToastContext.Provider>
  );
}

const toneIcons: Record<ToastTone, IconName> = {
  info: 'info',
  success: 'checkCircle',
  warning: 'alert',
  danger: 'errorCircle',
};

interface ToastItemProps {
  toast: ToastEntry;
  duration: number;
  closeLabel: string;
  onDismiss: (id: string) => void;
}

function ToastItem({ toast, duration, closeLabel, onDismiss }: ToastItemProps) {
  const [paused, setPaused] = useState(false);
  // Time left survives pauses: hovering at 2.5 s leaves 0.5 s after the pointer leaves.
  const remaining = useRef(duration);
  const { id } = toast;

  useEffect(() => {
    if (paused || !Number.isFinite(remaining.current)) return;
    const startedAt = Date.now();
    const timer = window.setTimeout(() => onDismiss(id), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [paused, id, onDismiss]);

  const tone = toast.tone ?? 'info';
  return (
    // The pointer and focus handlers only pause the timer; the toast is not a control.
    // biome-ignore lint/a11y/noStaticElementInteractions: pausing is not an interaction
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      aria-atomic="true"
      className={styles.toast({ tone })}
      data-state="open"
      data-tone={tone}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setPaused(false);
      }}
    >
      <Icon name={toneIcons[tone]} size={20} className={styles.icon({ tone })} />
      <div className={styles.content}>
        {toast.title ? <p className={styles.title}>{toast.title}</p> : null}
        <p className={styles.description}>{toast.description}</p>
        {toast.action ? (
          <Button
            variant="secondary"
            size="sm"
            className={styles.action}
            onClick={() => {
              toast.action?.onClick();
              onDismiss(id);
            }}
          >
            {toast.action.label}
          </Button>
        ) : null}
      </div>
      <IconButton icon="close" size="sm" label={closeLabel} onClick={() => onDismiss(id)} />
    </div>
  );
}
