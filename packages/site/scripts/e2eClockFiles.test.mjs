import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clockFiles } from '../vitest.e2e.config.ts';

const e2eFolder = join(import.meta.dirname, '../e2e');

describe('the e2e projects', () => {
  it('should run every file that moves the server clock in the clock project, and no other', () => {
    const moving = readdirSync(e2eFolder)
      .filter((name) => name.endsWith('.e2e.test.ts'))
      .filter((name) =>
        /advanceServerClock\(|\/dev\/clock',\s*\{\s*method: 'POST'/.test(
          readFileSync(join(e2eFolder, name), 'utf8'),
        ),
      )
      .map((name) => `e2e/${name}`)
      .sort();
    expect(moving.length).toBeGreaterThan(0);
    expect([...clockFiles].sort()).toEqual(moving);
  });
});
