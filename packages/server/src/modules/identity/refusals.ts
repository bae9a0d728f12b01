import { ERROR_CODES } from '../../contract';
import { HttpError } from '../../http/httpError';

// These stay `HttpError`s, not `DomainError`s: the brakes tell a wrong guess by
// `instanceof HttpError` and its code (`loginBrake.ts` for `notRegistered`, `totpBrake.ts` and
// `checkTicketCode` for `codeRefused`).

/** HTTP 401 code 40100: the call needs a signed-in user. */
export function signInRequired(): never {
  throw new HttpError(401, ERROR_CODES.unauthorized, 'Sign in to continue');
}

/** HTTP 401 code 40102 naming `field`: no account has this email or phone. */
export function notRegistered(field: string): never {
  throw new HttpError(401, ERROR_CODES.notRegistered, 'This account has not been registered.', {
    fields: [{ field, message: 'This account has not been registered.' }],
  });
}

/** HTTP 409 code 40900 naming `field`: the value is taken. */
export function conflict(field: string, message: string): never {
  throw new HttpError(409, ERROR_CODES.conflict, message, { fields: [{ field, message }] });
}

/** HTTP 400 code 40002 naming `field`: a wrong, spent or missing code, ticket or token. */
export function codeRefused(field: string, message: string): never {
  throw new HttpError(400, ERROR_CODES.codeInvalid, message, { fields: [{ field, message }] });
}
