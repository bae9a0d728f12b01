import { constants, privateDecrypt } from 'node:crypto';
import type { AppContext } from '../../context';
import { ERROR_CODES } from '../../contract';
import { badField, refuseField } from '../../domain/errors';

/** Passwords: 8-64 characters with at least one letter and one digit. */
export const PASSWORD_RULE = 'Password must be 8-64 characters with letters and digits';

/** The refusal of a password encrypted with a key the server no longer holds, or not at all. */
const PUBLIC_KEY_WRONG = 'The publicKey is wrong';

/**
 * Decrypts an RSA-OAEP (SHA-256) encrypted secret (login or pay password) of the client's
 * `encryptPassword`, without checking any rule. HTTP 400 code 40004 ("The publicKey is wrong")
 * naming `key_id` when the key id is stale, naming `field` when the text does not decrypt.
 */
export async function decryptSecret(
  context: AppContext,
  encrypted: string,
  keyId: string,
  field: string,
): Promise<string> {
  const key = await context.rsaKey();
  if (keyId !== key.keyId) refuseField('key_id', PUBLIC_KEY_WRONG, ERROR_CODES.publicKeyWrong);
  try {
    return privateDecrypt(
      { key: key.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(encrypted, 'base64'),
    ).toString('utf8');
  } catch {
    refuseField(field, PUBLIC_KEY_WRONG, ERROR_CODES.publicKeyWrong);
  }
}

/**
 * Decrypts a new password ({@link decryptSecret}) and checks the password rule: HTTP 400 code
 * 40000 naming `field` when it breaks it.
 *
 * @param field - the request field that carries it. Default `password`.
 */
export async function decryptPassword(
  context: AppContext,
  encrypted: string,
  keyId: string,
  field = 'password',
): Promise<string> {
  const password = await decryptSecret(context, encrypted, keyId, field);
  if (
    password.length < 8 ||
    password.length > 64 ||
    !/[A-Za-z]/.test(password) ||
    !/\d/.test(password)
  ) {
    badField(field, PASSWORD_RULE);
  }
  return password;
}
