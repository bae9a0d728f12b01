import type { AppContext } from '../../context';
import type { endpoints } from '../../contract';
import { isoSeconds } from '../../db/sql';
import type { EndpointInput } from '../../http/registerEndpoint';
import { spendTotpCode } from './authenticator';
import { consumeVerificationCode, phoneTarget } from './codes';
import { codeRefused } from './refusals';
import { checkTotpBehindBrake } from './totpBrake';
import { createTicket, type UserRow } from './users';

/** A second-validation token works 10 minutes. */
const VALIDATION_TTL_MS = 10 * 60_000;

/** What a second validation sends: the factor, its code and the scene the token is for. */
export type SecondValidationRequest = EndpointInput<typeof endpoints.secondValidation>['body'];

/**
 * Checks a code of one of the user's factors (email, SMS, authenticator behind the per-user
 * brake of `totpBrake.ts`) and answers a validation token for `scene`. HTTP 400 code 40002 for
 * a wrong code or a factor the user does not hold.
 */
export async function passSecondValidation(
  context: AppContext,
  user: UserRow,
  validation: SecondValidationRequest,
) {
  switch (validation.verify_type) {
    case 'email':
      if (user.email === null) codeRefused('verify_type', 'No email is bound');
      await consumeVerificationCode(
        context,
        'email',
        user.email,
        validation.scene,
        validation.code,
      );
      break;
    case 'sms':
      if (user.phone === null || user.country_code === null)
        codeRefused('verify_type', 'No phone is bound');
      await consumeVerificationCode(
        context,
        'sms',
        phoneTarget(user.country_code, user.phone),
        validation.scene,
        validation.code,
      );
      break;
    case 'totp': {
      const secret = user.totp_secret;
      if (secret === null) codeRefused('verify_type', 'The authenticator is off');
      await checkTotpBehindBrake(context, user.id, () =>
        spendTotpCode(context, user.id, secret, validation.code),
      );
      break;
    }
    default:
      validation.verify_type satisfies never;
  }
  const ticket = await createTicket(
    context,
    'validation',
    user.id,
    validation.scene,
    VALIDATION_TTL_MS,
  );
  return {
    validation_token: ticket.token,
    scene: validation.scene,
    expires_at: isoSeconds(ticket.expiresMs),
  };
}
