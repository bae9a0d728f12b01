/**
 * A software WebAuthn authenticator for the passkey tests: a P-256 key made with node:crypto,
 * attestation "none" for registration and signed assertions for sign-in, built byte for byte as
 * the WebAuthn specification lays them out. The server verifies them with
 * `@simplewebauthn/server` exactly as it verifies a browser's, so the tests exercise the real
 * verification (only the authenticator is ours).
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor> | { [key: string]: Cbor };

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  if (length < 65_536) {
    const head = Buffer.alloc(3);
    head[0] = (major << 5) | 25;
    head.writeUInt16BE(length, 1);
    return head;
  }
  const head = Buffer.alloc(5);
  head[0] = (major << 5) | 26;
  head.writeUInt32BE(length, 1);
  return head;
}

/** Encodes the CBOR subset WebAuthn needs (integers, byte and text strings, arrays, maps). */
export function cborEncode(value: Cbor): Buffer {
  if (typeof value === 'number') {
    return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  }
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  if (Array.isArray(value)) {
    return Buffer.concat([cborHead(4, value.length), ...value.map(cborEncode)]);
  }
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([
    cborHead(5, entries.length),
    ...entries.flatMap(([key, item]) => [cborEncode(key), cborEncode(item)]),
  ]);
}

/** Authenticator data flags. */
const USER_PRESENT = 0x01;
const USER_VERIFIED = 0x04;
const ATTESTED_CREDENTIAL = 0x40;

/** One credential held by the software authenticator. */
export interface SoftCredential {
  readonly id: Buffer;
  readonly privateKey: KeyObject;
  readonly cosePublicKey: Buffer;
  readonly rpId: string;
  readonly userHandle: string;
  counter: number;
}

/** Options of {@link SoftAuthenticator}. */
export interface SoftAuthenticatorOptions {
  /** The origin the "browser" reports in the client data. */
  readonly origin: string;
  /** Whether it verifies the user (UV flag). Default `true`. */
  readonly userVerified?: boolean;
  /** Whether the signature counter moves (real passkeys often keep 0). Default `true`. */
  readonly counting?: boolean;
  /** The provider's AAGUID in registrations, as a UUID. Default all zeros (none named). */
  readonly aaguid?: string;
}

function b64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url');
}

/** A software authenticator holding discoverable P-256 credentials. */
export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  constructor(readonly options: SoftAuthenticatorOptions) {}

  private flags(extra: number): number {
    return USER_PRESENT | (this.options.userVerified === false ? 0 : USER_VERIFIED) | extra;
  }

  private clientData(type: string, challenge: string, origin = this.options.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** `navigator.credentials.create()` answered as `credential.toJSON()`. */
  // biome-ignore lint/suspicious/noExplicitAny: options as the server sent them
  create(publicKey: any, overrides: { origin?: string; challenge?: string; id?: Buffer } = {}) {
    const { privateKey, publicKey: pub } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = pub.export({ format: 'jwk' });
    const cose = cborEncode(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(String(jwk.x), 'base64url')],
        [-3, Buffer.from(String(jwk.y), 'base64url')],
      ]),
    );
    const id = overrides.id ?? randomBytes(16);
    const rpId: string = publicKey.rp.id;
    const credential: SoftCredential = {
      id,
      privateKey,
      cosePublicKey: cose,
      rpId,
      userHandle: publicKey.user.id,
      counter: 0,
    };
    const length = Buffer.alloc(2);
    length.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      createHash('sha256').update(rpId).digest(),
      Buffer.from([this.flags(ATTESTED_CREDENTIAL)]),
      Buffer.alloc(4),
      this.options.aaguid === undefined
        ? Buffer.alloc(16)
        : Buffer.from(this.options.aaguid.replace(/-/g, ''), 'hex'),
      length,
      id,
      cose,
    ]);
    const attestationObject = cborEncode({ fmt: 'none', attStmt: {}, authData });
    this.credentials.push(credential);
    return {
      id: b64(id),
      rawId: b64(id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64(
          this.clientData(
            'webauthn.create',
            overrides.challenge ?? publicKey.challenge,
            overrides.origin,
          ),
        ),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /**
   * `navigator.credentials.get()` answered as `credential.toJSON()`: signs with the given
   * credential (default the first one allowed, else the first one held).
   */
  get(
    // biome-ignore lint/suspicious/noExplicitAny: options as the server sent them
    publicKey: any,
    overrides: { credential?: SoftCredential; origin?: string; challenge?: string } = {},
  ) {
    const allowed: string[] = (publicKey.allowCredentials ?? []).map(
      (item: { id: string }) => item.id,
    );
    const credential =
      overrides.credential ??
      this.credentials.find((item) => allowed.length === 0 || allowed.includes(b64(item.id)));
    if (credential === undefined) throw new Error('No credential for these options');
    if (this.options.counting !== false) credential.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.counter);
    const authData = Buffer.concat([
      createHash('sha256').update(credential.rpId).digest(),
      Buffer.from([this.flags(0)]),
      counter,
    ]);
    const clientDataJSON = this.clientData(
      'webauthn.get',
      overrides.challenge ?? publicKey.challenge,
      overrides.origin,
    );
    const signature = sign(
      'sha256',
      Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]),
      credential.privateKey,
    );
    return {
      id: b64(credential.id),
      rawId: b64(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }
}
