import { type ReactNode, useEffect, useState } from 'react';
import { FormField } from '../../components/FormField/FormField';
import { type PasskeyOutcome, usePasskeys } from '../passkeyValidation';
import { type Translate, useMiningT } from '../useMiningT';
import * as widget from '../widget.css';
import { messageOf } from './formReducer';
import { FieldInput } from './MoneyDialog';
import * as styles from './moneyDialog.css';

/** What a request with a second validation sends: the code, or the passkey's token instead. */
export interface SecondValidationValues {
  /** The second validation's 6-digit code; empty when a passkey passed it. */
  readonly code: string;
  /** The validation token the host's passkey check gave (`onPasskey`), instead of the code. */
  readonly passkeyToken?: string;
}

/** A dialog's second validations, by scene: the codes sent, their resend waits, the passkeys. */
export type SecondValidation<Scene extends string> = ReturnType<typeof useSecondValidation<Scene>>;

/**
 * The second validations of a dialog (a withdrawal has two scenes: saving an address and
 * withdrawing): sending a scene's code with the wait before another (spec section 9), and the
 * passkey that may pass it instead. `onMessage` shows a problem (or clears it, `undefined`)
 * under the scene's code field. `reset` starts afresh when the dialog opens again; the waits
 * keep counting, as the server's do.
 */
export function useSecondValidation<Scene extends string>(
  onSendCode: ((scene: Scene) => Promise<unknown>) | undefined,
  onPasskey: ((scene: Scene) => Promise<PasskeyOutcome>) | undefined,
  resendSeconds: number,
  onMessage: (scene: Scene, message: string | undefined) => void,
) {
  const passkeys = usePasskeys<Scene>(onPasskey, onMessage);
  const [sent, setSent] = useState<Scene | null>(null);
  const [wait, setWait] = useState<Partial<Record<Scene, number>>>({});

  useEffect(() => {
    if (!Object.values<number | undefined>(wait).some((seconds) => (seconds ?? 0) > 0)) return;
    const timer = setTimeout(
      () =>
        setWait((current) => {
          const next: Partial<Record<Scene, number>> = {};
          for (const scene of Object.keys(current) as Scene[]) {
            next[scene] = Math.max(0, (current[scene] ?? 0) - 1);
          }
          return next;
        }),
      1000,
    );
    return () => clearTimeout(timer);
  }, [wait]);

  async function send(scene: Scene) {
    if (!onSendCode) return;
    onMessage(scene, undefined);
    try {
      const answer = await onSendCode(scene);
      setSent(scene);
      setWait((current) => ({
        ...current,
        [scene]: typeof answer === 'number' ? answer : resendSeconds,
      }));
    } catch (error) {
      onMessage(scene, messageOf(error));
    }
  }

  return {
    ...passkeys,
    /** The passkey's token once it passed `scene`, else `null`: the code is needed. */
    token: (scene: Scene) => passkeys.state(scene).token,
    /** The scene whose code went out last ("Code sent"), or `null`. */
    sent,
    clearSent: () => setSent(null),
    wait: (scene: Scene) => wait[scene] ?? 0,
    send,
    canSend: onSendCode !== undefined,
    canUsePasskey: onPasskey !== undefined,
    reset: () => {
      passkeys.forget();
      setSent(null);
    },
  };
}

/** The already translated texts of {@link CodeOrPasskey}. */
export interface CodeOrPasskeyTexts {
  readonly code: string;
  readonly send: string;
  readonly sent: string;
  readonly usePasskey: string;
  readonly verified: string;
  readonly failedHint: string;
}

/** Props of {@link CodeOrPasskey}. */
export interface CodeOrPasskeyProps<Scene extends string> {
  /** The code field's id. */
  id: string;
  scene: Scene;
  validation: SecondValidation<Scene>;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  texts: CodeOrPasskeyTexts;
}

/**
 * One second validation: the 6-digit code with its send button (a countdown while another may
 * not be asked for) and "Code sent", or a passkey instead: "Use a passkey instead", section 8's
 * "Verification Failed" with "Verify another way" and "Try again", and once it passed, a
 * "verified" line in place of the code field. One text field for the code (not the kit's boxes):
 * it is the one control hosts, password managers and the phone's code autofill fill.
 */
export function CodeOrPasskey<Scene extends string>({
  id,
  scene,
  validation,
  value,
  onChange,
  error,
  texts,
}: CodeOrPasskeyProps<Scene>) {
  const { t } = useMiningT();
  const wait = validation.wait(scene);
  const state = validation.state(scene);
  const busy = state.busy || undefined;
  const run = () => void validation.run(scene);
  let passkey: ReactNode = null;
  if (validation.canUsePasskey) {
    passkey = state.failed ? (
      <div className={styles.notice} role="alert" aria-labelledby={`${id}-passkey-failed`}>
        <p id={`${id}-passkey-failed`} className={styles.error}>
          {t('errors.verificationFailed')}
        </p>
        <p className={widget.muted}>{texts.failedHint}</p>
        <div className={styles.withButton}>
          <button
            type="button"
            className={widget.button}
            data-variant="secondary"
            data-size="sm"
            onClick={() => {
              validation.dismiss(scene);
              document.getElementById(id)?.focus();
            }}
          >
            {t('errors.verifyAnotherWay')}
          </button>
          <button
            type="button"
            className={widget.button}
            data-size="sm"
            aria-busy={busy}
            onClick={run}
          >
            {t('errors.tryAgain')}
          </button>
        </div>
      </div>
    ) : (
      <div>
        <button
          type="button"
          className={widget.button}
          data-variant="ghost"
          data-size="sm"
          aria-busy={busy}
          onClick={run}
        >
          {texts.usePasskey}
        </button>
      </div>
    );
  }
  return (
    <>
      {state.token !== null ? (
        <p className={styles.hint} role="status" data-testid="passkey-verified">
          <span aria-hidden="true">✓ </span>
          {texts.verified}
        </p>
      ) : (
        <>
          <FormField id={id} label={texts.code} error={error}>
            <div className={styles.withButton}>
              <FieldInput
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={value}
                onChange={(event) => onChange(event.target.value)}
              />
              {validation.canSend ? (
                <button
                  type="button"
                  className={widget.button}
                  data-variant="secondary"
                  disabled={wait > 0}
                  onClick={() => void validation.send(scene)}
                >
                  {wait > 0 ? t('widgets.resendIn', { seconds: wait }) : texts.send}
                </button>
              ) : null}
            </div>
          </FormField>
          {passkey}
        </>
      )}
      {validation.sent === scene ? (
        <p className={styles.hint} role="status">
          {texts.sent}
        </p>
      ) : null}
    </>
  );
}

/** Whether a typed code is the 6 digits a second validation takes; the message when not. */
export function checkCode(code: string, t: Translate): string | undefined {
  const typed = code.trim();
  if (typed === '') return t('validation.verificationCodeRequired');
  return /^\d{6}$/.test(typed) ? undefined : t('validation.verificationCodeInvalid');
}
