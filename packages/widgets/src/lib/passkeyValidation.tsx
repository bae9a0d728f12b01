import { useState } from 'react';
import { messageOf } from './moneyDialog/formReducer';

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
      update(scene, {
        busy: false,
        failed: outcome.status === 'failed',
        ...(outcome.status === 'verified' && { token: outcome.token }),
      });
      if (outcome.status === 'refused') onMessage(scene, outcome.message);
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
