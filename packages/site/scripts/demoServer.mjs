/**
 * The real server started as `npm start` starts it (development mode, the demo engine and demo
 * user, tsx on the sources) on a fresh temporary data folder and a free port: what the e2e
 * journeys (`e2e/globalSetup.ts`) and the Lighthouse budgets (`scripts/budgets.mjs`) run
 * against. Its JSON log is read line by line: warnings and errors are echoed, and
 * `historyWritten` settles once the demo engine has written its simulated history.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const serverDir = resolve(import.meta.dirname, '../../server');

/** A port nothing listens on now, on loopback. */
export function freePort() {
  return new Promise((done, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts one server and resolves once it answers `/api/health`.
 *
 * @param {{ env?: Record<string, string>, label?: string, timeoutMs?: number }} [options]
 *   `env` is added to the server's environment (after the demo settings); `label` names the
 *   server in its echoed log lines and errors.
 */
export async function startDemoServer({ env = {}, label = 'server', timeoutMs = 120_000 } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'poolkit-demo-'));
  const port = await freePort();
  // vitest sets NODE_ENV=test; the server must run as `npm start` runs it.
  const { NODE_ENV: _nodeEnv, VITEST: _vitest, ...inherited } = process.env;
  const child = spawn(
    process.execPath,
    ['--conditions=@poolkit/source', '--import', 'tsx', 'src/main.ts'],
    {
      cwd: serverDir,
      env: {
        ...inherited,
        POOLKIT_ENV: 'development',
        DEMO: '1',
        POOLKIT_DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        // The embedded database, whatever the shell has.
        DATABASE_URL: '',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let settled = false;
  const historyWritten = new Promise((done) => {
    let buffered = '';
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        let entry;
        try {
          entry = JSON.parse(line);
        } catch {
          continue;
        }
        if (entry.level >= 40) console.error(`${label}: ${line}`);
        if (!settled && entry.msg === 'pool engine: simulated history written') {
          settled = true;
          done(undefined);
        }
      }
    });
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`${label} exited with code ${child.exitCode}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { baseUrl, stop, historyWritten };
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  await stop();
  throw new Error(`${label} did not answer /api/health in time`);
}
