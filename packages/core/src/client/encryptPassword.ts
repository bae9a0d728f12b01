/** Thrown by {@link encryptPassword} when the public key cannot be used ("The publicKey is wrong"). */
export class EncryptionError extends Error {
  override readonly name = 'EncryptionError';
  /** The i18n key of spec section 8's "The publicKey is wrong". */
  readonly messageKey = 'errors.publicKeyWrong';

  constructor(cause: unknown) {
    super('errors.publicKeyWrong', { cause });
  }
}

function pemToBytes(pem: string): Uint8Array<ArrayBuffer> {
  const base64 = pem.replace(/-----(BEGIN|END)[^-]*-----/g, '').replace(/\s+/g, '');
  return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Encrypts a password for `POST /v2/users/encrypt/login` with the key of
 * `GET /v2/users/encrypt/pubkey`: RSA-OAEP with SHA-256 through WebCrypto
 * (`globalThis.crypto.subtle`), returned as base64.
 *
 * @param publicKeyPem - an SPKI public key, PEM (`-----BEGIN PUBLIC KEY-----`) or bare base64.
 * @throws {EncryptionError} when the key is not a usable RSA public key.
 */
export async function encryptPassword(publicKeyPem: string, password: string): Promise<string> {
  let key: CryptoKey;
  try {
    key = await globalThis.crypto.subtle.importKey(
      'spki',
      pemToBytes(publicKeyPem),
      { name: 'RSA-OAEP', hash: 'SHA-256' },
      false,
      ['encrypt'],
    );
  } catch (error) {
    throw new EncryptionError(error);
  }
  const encrypted = await globalThis.crypto.subtle.encrypt(
    { name: 'RSA-OAEP' },
    key,
    new TextEncoder().encode(password),
  );
  return bytesToBase64(new Uint8Array(encrypted));
}
