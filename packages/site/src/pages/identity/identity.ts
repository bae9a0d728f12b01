import { safeRedirectPath } from '@poolkit/core/access';
import { encryptPassword, solveCaptcha } from '@poolkit/core/client';
import type { CaptchaResult } from '@poolkit/core/contract';
import { decodeJwtPayload } from '@poolkit/core/session';
import { fieldErrors, type IssueSource } from '@poolkit/core/validators';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import type { Services } from '../../app/services';

/** Anything with zod's `safeParse`: core's validators. */
export interface Validator {
  safeParse(value: unknown): { success: true } | { success: false; error: IssueSource };
}

/** Field name → translated message. */
export type FormErrors = Partial<Record<string, string>>;

/**
 * Validates form values with core's validators and translates the messages (`validation.*`
 * keys through `fieldErrors`). Each field has its own schema; the first problem per field wins.
 */
export function validateFields(
  t: TFunction,
  checks: readonly { field: string; schema: Validator; value: unknown }[],
): FormErrors {
  const errors: FormErrors = {};
  for (const check of checks) {
    const result = check.schema.safeParse(check.value);
    if (result.success) continue;
    const first = fieldErrors(result.error)[0];
    if (first) {
      const field = first.field === '' ? check.field : first.field;
      errors[field] = t(first.key, first.params ?? {});
    }
  }
  return errors;
}

/**
 * The proof-of-work captcha, solved in the browser with core's solver: `verifying` is true while
 * it runs, so the page can say "verifying you are human…".
 */
export function useCaptcha(services: Services): {
  verifying: boolean;
  solve: () => Promise<CaptchaResult>;
} {
  const [verifying, setVerifying] = useState(false);
  return {
    verifying,
    async solve() {
      setVerifying(true);
      try {
        return await solveCaptcha(await services.api.captchaChallenge());
      } finally {
        setVerifying(false);
      }
    },
  };
}

/** Encrypts a password with the server's public key (RSA-OAEP, core's `encryptPassword`). */
export async function encryptedPassword(
  services: Services,
  password: string,
): Promise<{ password: string; key_id: string }> {
  const key = await services.api.publicKey();
  return { password: await encryptPassword(key.public_key, password), key_id: key.key_id };
}

/** Stores the tokens of a login or registration and returns where to go next. */
export function completeLogin(
  services: Services,
  tokens: { token: string; refresh_token: string },
  redirectParam: string | null,
): string {
  const subject = decodeJwtPayload(tokens.token)?.sub;
  const userId = typeof subject === 'string' || typeof subject === 'number' ? subject : '';
  // A red packet opened before signing in (spec section 3, `redpacket_hash`) is where the
  // visitor goes back to when nothing else was asked for.
  const packet = redirectParam === null ? services.session.get('redpacket_hash') : null;
  services.session.login({ accessToken: tokens.token, refreshToken: tokens.refresh_token }, userId);
  if (packet !== null && /^[A-Za-z0-9_-]{1,64}$/.test(packet))
    return `/activity/red_packet/${packet}`;
  return safeRedirectPath(redirectParam);
}
