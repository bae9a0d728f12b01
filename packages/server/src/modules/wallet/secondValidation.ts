/**
 * The authorisation every money move that leaves an account carries (withdrawals, transfers,
 * auto-withdraw settings): a live second validation of the move's scene and the right pay
 * password. The validation is checked first and spent later, inside the transaction that makes
 * the change, so a refused change leaves it good for another try.
 */
import type { AppContext } from '../../context';
import type { SqlExecutor } from '../../engine/sql';
import { checkTicketCode, requireLiveValidation, spendValidationIn } from '../identity/users';
import { verifyPayPassword } from './payPassword';

/** The fields of a body that authorise a money move. */
export interface PayAuthorisation {
  readonly pay_password: string;
  readonly key_id: string;
  readonly validation_token: string;
}

/** A checked authorisation, to spend in the transaction that makes the change. */
export interface CheckedAuthorisation {
  /** Spends the second validation inside `tx` (refused naming `validation_token` when spent). */
  spendIn(tx: SqlExecutor, nowMs: number): Promise<void>;
}

/**
 * Checks a money move's authorisation: a live second validation of `scene` for the user (400
 * code 40002 naming `validation_token`), then the pay password (`verifyPayPassword`: 40008 when
 * none is set, 40009 when wrong, …). Each pay-password try also spends one of the validation's
 * five tries (`checkTicketCode`), which bounds guessing in parallel.
 */
export async function checkPayAuthorisation(
  context: AppContext,
  userId: string,
  scene: string,
  body: PayAuthorisation,
): Promise<CheckedAuthorisation> {
  const validation = { userId, scene, field: 'validation_token' };
  await requireLiveValidation(context, body.validation_token, validation);
  await checkTicketCode(context, 'validation', body.validation_token, 'validation_token', () =>
    verifyPayPassword(context, userId, body.pay_password, body.key_id),
  );
  return {
    spendIn: (tx, nowMs) => spendValidationIn(tx, body.validation_token, validation, nowMs),
  };
}
