import { constants, privateDecrypt } from 'node:crypto';
import type { AppContext } from '../../context';
import { ERROR_CODES } from '../../contract';
import { HttpError } from '../../http/httpError';

/** Passwords: 8-64 characters with at least one letter and one digit. */
export const PASSWORD_RULE = 'Password must be 8-64 characters with letters and digits';

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
  if (keyId !== key.keyId) {
    throw new HttpError(400, ERROR_CODES.publicKeyWrong, 'The publicKey is wrong', {
      fields: [{ field: 'key_id', message: 'The publicKey is wrong' }],
    });
  }
  try {
    return privateDecrypt(
      { key: key.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(encrypted, 'base64'),
    ).toString('utf8');
  } catch {
    throw new HttpError(400, ERROR_CODES.publicKeyWrong, 'The publicKey is wrong', {
      fields: [{ field, message: 'The publicKey is wrong' }],
    });
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
    throw new HttpError(400, ERROR_CODES.validation, `${field}: ${PASSWORD_RULE}`, {
      fields: [{ field, message: PASSWORD_RULE }],
    });
  }
  return password;
}
