import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/connect';
import { testConfig } from '../../testing/testApp';
import { openTestDatabase } from '../../testing/testDatabase';
import type { OpenApiDocument } from './openApi';

const run = promisify(execFile);
const redoclyCli = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
  'bin/cli.js',
);

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string }[];
}

let database: Database;
let app: FastifyInstance;
let document: OpenApiDocument;
let folder = '';

beforeAll(async () => {
  database = await openTestDatabase('pglite');
  app = await buildApp({ config: testConfig(), db: database });
  document = (await app.inject({ method: 'GET', url: '/api/docs' })).json<OpenApiDocument>();
  folder = await mkdtemp(path.join(tmpdir(), 'poolkit-openapi-'));
});

afterAll(async () => {
  await app.close();
  await database.close();
  await rm(folder, { recursive: true, force: true });
});

describe('the OpenAPI document of the whole API', () => {
  it("should pass redocly's recommended lint rules with no error and no warning", async () => {
    const file = path.join(folder, 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    // redocly exits 1 when it finds an error; the JSON report is on stdout either way.
    const { stdout } = await run(process.execPath, [redoclyCli, 'lint', file, '--format=json'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout) as LintReport;
    expect(report.problems.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('should name a server and document a 4xx answer for every operation', () => {
    expect(document.servers).toEqual([{ url: '/', description: 'This PoolKit server' }]);
    for (const [route, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const statuses = Object.keys(operation.responses);
        expect(statuses, `${method} ${route}`).toContain('400');
        expect(statuses, `${method} ${route}`).toContain('500');
        expect(statuses, `${method} ${route}`).not.toContain('default');
      }
    }
  });

  it('should document the CSV export as text/csv, the type it is sent with', () => {
    const exportOperation =
      document.paths['/api/pools/{pool}/accounts/{account}/profits/export']?.get;
    expect(Object.keys(exportOperation?.responses['200']?.content ?? {})).toEqual(['text/csv']);
  });
});
