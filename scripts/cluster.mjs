#!/usr/bin/env node
// `npm run cluster`: two API nodes on the local PostgreSQL, Redis and NATS behind a small
// round-robin proxy, as a pool that has outgrown one machine runs (the proxy stands in for the
// load balancer). Node 1 runs the demo engine's simulator (publishing shares to NATS); both
// consume the share stream, answer the API and serve the site, and each scheduled job runs
// once across them. See the README's "Several nodes" section for installing the services.
//
// Environment: PORT (the proxy, default 8080), HOST (the proxy's address, default 127.0.0.1:
// the nodes run in development, which keeps to this machine unless told otherwise),
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/poolkit), REDIS_URL (default
// redis://127.0.0.1:6379), NATS_URL (default nats://127.0.0.1:4222).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT ?? 8080);
const env = {
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/poolkit',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
};

/** Whether something listens at a URL's host and port. */
function answers(url) {
  const { hostname, port: urlPort } = new URL(url);
  return new Promise((done) => {
    const socket = net.connect({ host: hostname, port: Number(urlPort) }, () => {
      socket.end();
      done(true);
    });
    socket.on('error', () => done(false));
    socket.setTimeout(1000, () => {
      socket.destroy();
      done(false);
    });
  });
}

for (const [name, url] of Object.entries(env)) {
  if (!(await answers(url))) {
    console.error(
      `${name} (${url}) does not answer. Install and start the services first:\n` +
        '  apt-get install -y postgresql redis-server nats-server\n' +
        '  service postgresql start && service redis-server start && (nats-server -js &)\n' +
        '  su postgres -c "psql -c \\"ALTER USER postgres WITH PASSWORD \'postgres\'\\"" # or trust auth\n' +
        '  su postgres -c "createdb poolkit"',
    );
    process.exit(1);
  }
}

if (!existsSync(join(root, 'packages/site/dist/index.html'))) {
  console.log('Building the site…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const nodes = [
  { port: port + 1, demo: '1' },
  { port: port + 2, demo: 'off' },
];
const children = [];

async function healthy(nodePort) {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      const response = await fetch(`http://127.0.0.1:${nodePort}/api/health`);
      if (response.ok) return;
    } catch {
      // not yet
    }
    await new Promise((wait) => setTimeout(wait, 500));
  }
  throw new Error(`The node on port ${nodePort} did not start`);
}

// One after the other: the first migrates the database and seeds the demo.
for (const node of nodes) {
  const child = spawn(
    process.execPath,
    ['--conditions=@poolkit/source', '--import', 'tsx', 'src/main.ts'],
    {
      cwd: join(root, 'packages/server'),
      stdio: 'inherit',
      env: {
        ...process.env,
        ...env,
        PORT: String(node.port),
        HOST: '127.0.0.1',
        DEMO: node.demo,
        // The proxy tells the nodes who the client is.
        TRUST_PROXY: '127.0.0.1',
      },
    },
  );
  children.push(child);
  child.on('exit', (code) => {
    console.error(`The node on port ${node.port} exited (${code}); stopping the cluster`);
    stop(1);
  });
  await healthy(node.port);
}

let next = 0;
const proxy = http.createServer((request, response) => {
  const forward = (attempt) => {
    const node = nodes[(next + attempt) % nodes.length];
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: node.port,
        method: request.method,
        path: request.url,
        headers: {
          ...request.headers,
          'x-forwarded-for': request.socket.remoteAddress ?? '',
          'x-poolkit-node': String(node.port),
        },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, {
          ...answer.headers,
          'x-poolkit-node': String(node.port),
        });
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      // A node that is down: a read goes to the next one (a write's body is already spent).
      const idempotent = request.method === 'GET' || request.method === 'HEAD';
      if (idempotent && attempt + 1 < nodes.length && !response.headersSent) forward(attempt + 1);
      else if (!response.headersSent) {
        response.writeHead(502, { 'content-type': 'text/plain' });
        response.end('No node answered');
      }
    });
    request.pipe(upstream);
  };
  next = (next + 1) % nodes.length;
  forward(0);
});
proxy.listen(port, process.env.HOST?.trim() || '127.0.0.1', () => {
  console.log(
    `PoolKit cluster: http://localhost:${port} → nodes on ${nodes.map((node) => node.port).join(' and ')} (answers carry x-poolkit-node)`,
  );
});

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  proxy.close();
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 12_000).unref();
  Promise.all(children.map((child) => new Promise((done) => child.once('exit', done)))).then(() =>
    process.exit(code),
  );
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
