import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { ShareStreamNames } from '../stream/shareStream';

/** A NATS server with JetStream for one test file. */
export interface TestNats {
  /** Its URL. */
  readonly url: string;
  /** Where it came from, for the test log: `NATS_URL`, the local 4222 or a server the test started. */
  readonly source: string;
  /** Stops the server if the test started it. */
  stop(): Promise<void>;
}

/** Debian's `nats-server` package puts the binary here. */
const natsServerBinaries = [
  '/usr/sbin/nats-server',
  '/usr/bin/nats-server',
  '/usr/local/bin/nats-server',
];

async function hasJetStream(url: string): Promise<boolean> {
  try {
    const connection = await connect({ servers: url, timeout: 2000, maxReconnectAttempts: 0 });
    try {
      await (await jetstreamManager(connection, { timeout: 2000 })).getAccountInfo();
      return true;
    } finally {
      await connection.close();
    }
  } catch {
    return false;
  }
}

/** The `nats-server` binary when it is installed (Debian's package), else `undefined`. */
export function natsServerBinary(): string | undefined {
  return natsServerBinaries.find((candidate) => existsSync(candidate));
}

/**
 * Starts `nats-server -js` of its own on 127.0.0.1, a free port and a temporary store, removed
 * again by `stop()`.
 */
export async function startNatsServer(binary: string): Promise<TestNats> {
  const storeDir = await mkdtemp(path.join(tmpdir(), 'poolkit-nats-'));
  const child: ChildProcess = spawn(
    binary,
    ['-js', '-a', '127.0.0.1', '-p', '-1', '-sd', storeDir],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`nats-server did not start:\n${output}`)),
      10_000,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /Listening for client connections on [^\s]+:(\d+)/.exec(output)?.[1];
      if (port !== undefined) {
        clearTimeout(timer);
        resolve(`nats://127.0.0.1:${port}`);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`nats-server exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    source: `${binary} started by the test`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(storeDir, { recursive: true, force: true });
    },
  };
}

/**
 * Finds NATS with JetStream for the stream tests: `NATS_URL` when it answers with JetStream,
 * else `nats://127.0.0.1:4222` when that does, else a `nats-server -js` the test starts on a free
 * port and a temporary store (Debian's package), else none: the answer is then the reason the
 * tests skip.
 */
export async function findTestNats(): Promise<TestNats | string> {
  const candidates = [process.env.NATS_URL, 'nats://127.0.0.1:4222'].filter(
    (url): url is string => url !== undefined && url.trim() !== '',
  );
  for (const url of candidates) {
    if (await hasJetStream(url)) {
      return {
        url,
        source: url === process.env.NATS_URL ? 'NATS_URL' : url,
        stop: async () => undefined,
      };
    }
  }
  const binary = natsServerBinary();
  if (binary === undefined) {
    return 'no NATS server with JetStream answers (NATS_URL, 127.0.0.1:4222) and nats-server is not installed';
  }
  return startNatsServer(binary);
}

/**
 * Names of a share stream of its own for one test (stream, subjects, consumer), so tests never
 * meet each other's or a running pool's messages on a shared NATS server.
 */
export function testShareStreamNames(): ShareStreamNames {
  const tag = randomBytes(5).toString('hex');
  return {
    stream: `POOLKIT_SHARES_TEST_${tag}`,
    subjectPrefix: `test${tag}.poolkit.shares.v1`,
    durable: `poolkit-ingest-test-${tag}`,
  };
}
