/** The fields that identity's login, credential and user-info calls share. */
import { z } from 'zod';
import { accountNameSchema } from './common';

/** The message of a phone number that does not fit its country code. */
export const PHONE_MESSAGE = 'Phone number format is incorrect';

/** A user name: 4-30 letters or digits; it also names the main mining account. */
export const usernameSchema = accountNameSchema;

/** The second factor used for sensitive actions: email code, SMS code or authenticator app. */
export const verifyTypeSchema = z.enum(['email', 'sms', 'totp']);
/** A second-factor kind. */
export type VerifyType = z.infer<typeof verifyTypeSchema>;
