import type { AppContext } from '../../context';
import type { endpoints } from '../../contract';
import { badField } from '../../domain/errors';
import type { EndpointInput } from '../../http/registerEndpoint';
import { type CodeSentAnswer, phoneTarget, sendVerificationCode } from './codes';
import { conflict, notRegistered } from './refusals';
import { findUserByEmail, findUserByPhone, type UserRow } from './users';

/** A scene a code goes out for. */
export type CodeScene = EndpointInput<typeof endpoints.sendSmsCode>['body']['scene'];

/** Sends a code to the user's own phone. HTTP 400 code 40000 naming `phone` when none is bound. */
export function sendCodeToOwnPhone(
  context: AppContext,
  user: UserRow,
  scene: CodeScene,
): Promise<CodeSentAnswer> {
  if (user.phone === null || user.country_code === null) badField('phone', 'No phone is bound');
  return sendVerificationCode(context, 'sms', phoneTarget(user.country_code, user.phone), scene);
}

/** Sends a code to the user's own email. HTTP 400 code 40000 naming `email` when none is bound. */
export function sendCodeToOwnEmail(
  context: AppContext,
  user: UserRow,
  scene: EndpointInput<typeof endpoints.sendVerifiedEmailCode>['body']['scene'],
): Promise<CodeSentAnswer> {
  if (user.email === null) badField('email', 'No email is bound');
  return sendVerificationCode(context, 'email', user.email, scene);
}

/** Where and why a code goes that is not for the caller's own address. */
export type CodeRequest = EndpointInput<typeof endpoints.sendCode>['body'];

/**
 * Sends a code to an email or phone that a registration, a password reset or a binding names.
 * A password reset needs a registered address (HTTP 401 code 40102 naming the field
 * otherwise); every other scene a free one (HTTP 409 code 40900 naming the field otherwise).
 */
export async function sendCodeToAddress(
  context: AppContext,
  request: CodeRequest,
): Promise<CodeSentAnswer> {
  const field = request.channel === 'email' ? 'email' : 'phone';
  const existing =
    request.channel === 'email'
      ? await findUserByEmail(context, request.email)
      : await findUserByPhone(context, request.country_code, request.phone);
  if (request.scene === 'reset_password' && existing === undefined) notRegistered(field);
  if (request.scene !== 'reset_password' && existing !== undefined) {
    conflict(field, `This ${field} is already registered`);
  }
  return request.channel === 'email'
    ? sendVerificationCode(context, 'email', request.email.toLowerCase(), request.scene)
    : sendVerificationCode(
        context,
        'sms',
        phoneTarget(request.country_code, request.phone),
        request.scene,
      );
}
