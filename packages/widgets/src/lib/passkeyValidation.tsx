import { useState } from 'react';
import { messageOf } from './moneyDialog/formReducer';
import * as base from './moneyDialog/moneyDialog.css';
import * as widget from './widget.css';

/**
 * What the host's passkey check came to, for a second validation of one action:
 *
 * - `verified`: the passkey passed; `token` is the validation token the host sends with the
 *   action (the code field is no longer needed);
 * - `failed`: the passkey did not pass (refused, cancelled or timed out on the device, or not
 *   accepted by the server): the dialog says "Verification Failed" and offers to verify another
 *   way (the code) or to try again;
 * - `refused`: a passkey cannot be used here at all (this browser has no WebAuthn, say):
 *   `message` shows under the code field;
 * - `aborted`: the page itself stopped the ceremony (a newer one replaced it): nothing is said.
 *
 * A rejection shows its message under the code field too.
 */
export type PasskeyOutcome =
  | { readonly status: 'verified'; readonly token: string }
  | { readonly status: 'failed' }
  | { readonly status: 'refused'; readonly message: string }
  | { readonly status: 'aborted' };

/** The texts of {@link PasskeyChoice}, already translated. */
export interface PasskeyTexts {
  /** The button that runs the passkey. */
  readonly use: string;
  /** Under "Verification Failed": what went wrong and what the two buttons do. */
  readonly failedHint: string;
  /** "Verification Failed" (spec section 8). */
  readonly failed: string;
  /** "Verify another way". */
  readonly anotherWay: string;
  /** "Try again". */
  readonly tryAgain: string;
}

/** One scene's passkey state: the token once verified, the failure panel, the busy flag. */
export interface PasskeyState {
  readonly token: string | null;
  readonly busy: boolean;
  readonly failed: boolean;
}

const IDLE: PasskeyState = { token: null, busy: false, failed: false };

/**
 * The passkey states of a dialog's second validations, by scene (a withdrawal has two: saving
 * an address and withdrawing). `run` asks the host, `forget` drops a scene's token (a refusal of
 * the validation, a spent token, a fresh form) and `dismiss` closes the failure panel.
 */
export function usePasskeys<Scene extends string>(
  onPasskey: ((scene: Scene) => Promise<PasskeyOutcome>) | undefined,
  onMessage: (scene: Scene, message: string | undefined) => void,
): {
  state: (scene: Scene) => PasskeyState;
  run: (scene: Scene) => Promise<void>;
  forget: (scene?: Scene) => void;
  dismiss: (scene: Scene) => void;
} {
  const [states, setStates] = useState<Partial<Record<Scene, PasskeyState>>>({});
  const update = (scene: Scene, next: Partial<PasskeyState>) =>
    setStates((current) => ({ ...current, [scene]: { ...(current[scene] ?? IDLE), ...next } }));

  async function run(scene: Scene) {
    if (!onPasskey || states[scene]?.busy) return;
    onMessage(scene, undefined);
    update(scene, { busy: true, failed: false });
    try {
      const outcome = await onPasskey(scene);
      switch (outcome.status) {
        case 'verified':
          update(scene, { busy: false, token: outcome.token });
          break;
        case 'failed':
          update(scene, { busy: false, failed: true });
          break;
        case 'refused':
          update(scene, { busy: false });
          onMessage(scene, outcome.message);
          break;
        default:
          update(scene, { busy: false });
      }
    } catch (error) {
      update(scene, { busy: false });
      onMessage(scene, messageOf(error));
    }
  }

  return {
    state: (scene) => states[scene] ?? IDLE,
    run,
    forget: (scene) => {
      if (scene === undefined) setStates({});
      else update(scene, { token: null, failed: false });
    },
    dismiss: (scene) => update(scene, { failed: false }),
  };
}

/**
 * Beside a code field: "Use a passkey instead", and after a failed passkey the section-8 panel
 * ("Verification Failed", with "Verify another way" and "Try again"). Renders nothing without
 * a host callback.
 */
export function PasskeyChoice({
  id,
  state,
  texts,
  onRun,
  onAnotherWay,
}: {
  id: string;
  state: PasskeyState;
  texts: PasskeyTexts;
  onRun: () => void;
  onAnotherWay: () => void;
}) {
  if (state.failed) {
    return (
      <div className={base.notice} role="alert" aria-labelledby={`${id}-failed`}>
        <p id={`${id}-failed`} className={base.error}>
          {texts.failed}
        </p>
        <p className={widget.muted}>{texts.failedHint}</p>
        <div className={base.withButton}>
          <button
            type="button"
            className={widget.button}
            data-variant="secondary"
            data-size="sm"
            onClick={onAnotherWay}
          >
            {texts.anotherWay}
          </button>
          <button
            type="button"
            className={widget.button}
            data-size="sm"
            aria-busy={state.busy || undefined}
            onClick={onRun}
          >
            {texts.tryAgain}
          </button>
        </div>
      </div>
    );
  }
  return (
    <div>
      <button
        type="button"
        className={widget.button}
        data-variant="ghost"
        data-size="sm"
        aria-busy={state.busy || undefined}
        onClick={onRun}
      >
        {texts.use}
      </button>
    </div>
  );
}

/** In place of the code field once the passkey passed. */
export function PasskeyVerified({ text }: { text: string }) {
  return (
    <p className={base.hint} role="status" data-testid="passkey-verified">
      <span aria-hidden="true">✓ </span>
      {text}
    </p>
  );
}
