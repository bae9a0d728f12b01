/**
 * Writes packages/core/docs/contract.md from the contract. With `--check`, writes nothing and
 * exits with 1 when the committed file differs.
 *
 *   npx tsx --conditions=@poolkit/source packages/core/scripts/contract-doc.ts [--check]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { renderContractDoc } from '../src/contract/contractDoc';
import { endpointList } from '../src/contract/endpoints';

const target = resolve(import.meta.dirname, '../docs/contract.md');
const output = renderContractDoc(endpointList);

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // A missing file counts as out of date.
  }
  if (current !== output) {
    console.error(`${target} is out of date; run this script without --check.`);
    process.exit(1);
  }
  console.log(`${target} is up to date.`);
} else {
  writeFileSync(target, output);
  console.log(`Wrote ${target} (${endpointList.length} endpoints).`);
}
