/**
 * Where payment-evidence files live. The default keeps them under the data folder; an
 * S3-compatible store (or any other) replaces it by implementing {@link EvidenceStore} and
 * being passed to the contracts module.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A place to keep uploaded files by key. Keys are `<order id>/<uuid>`: no `..`, no leading `/`. */
export interface EvidenceStore {
  /** Stores `bytes` under `key`, replacing nothing (keys are fresh). */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes under `key`, or `undefined` when there are none. */
  get(key: string): Promise<Uint8Array | undefined>;
  /** Removes `key`; nothing happens when it does not exist. */
  delete(key: string): Promise<void>;
}

const keyPattern = /^[0-9]+\/[0-9a-f-]{36}$/;

function checkKey(key: string): void {
  if (!keyPattern.test(key)) throw new RangeError(`Bad evidence key ${key}`);
}

/**
 * The default store: one file per key under `folder` (the app uses
 * `<dataDir>/contract-evidence`).
 */
export function createFileEvidenceStore(folder: string): EvidenceStore {
  const fileOf = (key: string) => {
    checkKey(key);
    return path.join(folder, ...key.split('/'));
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes, { flag: 'wx' });
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(fileOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

/** The content types evidence may have, with the bytes each file of the type starts with. */
const signatures: Readonly<Record<string, (bytes: Uint8Array) => boolean>> = {
  'image/png': (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47,
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/webp': (b) =>
    Buffer.from(b.subarray(0, 4)).toString('latin1') === 'RIFF' &&
    Buffer.from(b.subarray(8, 12)).toString('latin1') === 'WEBP',
  'application/pdf': (b) => Buffer.from(b.subarray(0, 5)).toString('latin1') === '%PDF-',
};

/** True when `bytes` look like a file of `contentType` (its magic bytes), not just claim to. */
export function matchesContentType(contentType: string, bytes: Uint8Array): boolean {
  return signatures[contentType]?.(bytes) ?? false;
}
