import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderContractDoc } from './contractDoc';
import { endpointList, endpoints } from './endpoints';

describe('docs/contract.md', () => {
  it('should match the generated table (run scripts/contract-doc.ts after changing endpoints)', () => {
    const committed = readFileSync(resolve(import.meta.dirname, '../../docs/contract.md'), 'utf8');
    expect(committed).toBe(renderContractDoc(endpointList));
  });

  it('should list every endpoint on exactly one row', () => {
    const rows = renderContractDoc(endpointList).split('\n');
    for (const endpoint of endpointList) {
      const matching = rows.filter((row) => row.startsWith(`| \`${endpoint.id}\` `));
      expect(matching.length, endpoint.id).toBe(1);
    }
  });

  it('should escape pipes in cells', () => {
    const doc = renderContractDoc([{ ...endpoints.pools, summary: 'a | b' }]);
    expect(doc).toContain('a \\| b');
  });
});
