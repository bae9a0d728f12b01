import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EncryptionError, encryptPassword } from './encryptPassword';

const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

function decrypt(base64: string): string {
  return privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(base64, 'base64'),
  ).toString('utf8');
}

describe('encryptPassword', () => {
  it('should encrypt with RSA-OAEP SHA-256 so that the private key decrypts it', async () => {
    const encrypted = await encryptPassword(publicKey, 'correct horse battery staple');
    expect(encrypted).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(encrypted, 'base64')).toHaveLength(256);
    expect(decrypt(encrypted)).toBe('correct horse battery staple');
  });

  it('should encrypt non-ASCII passwords as UTF-8', async () => {
    expect(decrypt(await encryptPassword(publicKey, 'пароль密码'))).toBe('пароль密码');
  });

  it('should accept a key as bare base64 without the PEM lines', async () => {
    const bare = publicKey.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
    expect(decrypt(await encryptPassword(bare, 'secret'))).toBe('secret');
  });

  it('should throw an EncryptionError for a wrong public key', async () => {
    const error = await encryptPassword(
      '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----',
      'x',
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EncryptionError);
    expect((error as EncryptionError).messageKey).toBe('errors.publicKeyWrong');
  });
});
