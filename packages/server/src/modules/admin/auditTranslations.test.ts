import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { editableSiteParametersSchema, LANGUAGES, loadMessages } from '@poolkit/core';
import { describe, expect, it } from 'vitest';

/**
 * The operator console's audit log names every action, target and detail field in the reader's
 * language (`site.admin.actions.*`, `site.admin.targets.*`, `site.admin.fields.*`). The lists
 * are read from the server's own code, every `recordAudit(…)` call, so an action added later
 * without its names fails here instead of showing a raw key to the operator.
 */

const SOURCE_ROOT = join(import.meta.dirname, '..', '..');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The text from `open` (an index of `(` or `{`) to its matching close, without the brackets. */
function balanced(text: string, open: number): string {
  let depth = 0;
  let quote: string | null = null;
  for (let index = open; index < text.length; index += 1) {
    const char = text[index] ?? '';
    if (quote !== null) {
      if (char === '\\') index += 1;
      else if (char === quote) quote = null;
      continue;
    }
    if (char === "'" || char === '"' || char === '`') quote = char;
    else if ('({['.includes(char)) depth += 1;
    else if (')}]'.includes(char)) {
      depth -= 1;
      if (depth === 0) return text.slice(open + 1, index);
    }
  }
  throw new Error(`unbalanced text from ${open}`);
}

/** The top-level entries of an object literal's body, split at its own commas. */
function topLevelEntries(body: string): string[] {
  const entries: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index] ?? '';
    if (quote !== null) {
      if (char === '\\') index += 1;
      else if (char === quote) quote = null;
      continue;
    }
    if (char === "'" || char === '"' || char === '`') quote = char;
    else if ('({['.includes(char)) depth += 1;
    else if (')}]'.includes(char)) depth -= 1;
    else if (char === ',' && depth === 0) {
      entries.push(body.slice(start, index));
      start = index + 1;
    }
  }
  entries.push(body.slice(start));
  return entries.map((entry) => entry.trim()).filter((entry) => entry !== '');
}

/** Spreads the audit writers use, by what they spread. */
const SPREADS: Record<string, readonly string[]> = {
  parameters: Object.keys(editableSiteParametersSchema.shape),
};

/**
 * The field names of an object literal body; a spread must be one of {@link SPREADS} or a call
 * of a local function returning a literal.
 */
function literalKeys(body: string, source: string, where: string): string[] {
  return topLevelEntries(body).flatMap((entry) => {
    if (/^\.\.\.[A-Za-z_$][\w$]*\(/.test(entry)) return detailKeys(entry.slice(3), source, where);
    if (entry.startsWith('...')) {
      const spread = SPREADS[entry.slice(3).trim()];
      if (spread === undefined) throw new Error(`${where}: unknown spread ${entry}`);
      return spread;
    }
    const key = /^([A-Za-z_$][\w$]*)\s*(?::|$)/.exec(entry)?.[1];
    if (key === undefined) throw new Error(`${where}: cannot read the entry ${entry}`);
    return [key];
  });
}

/**
 * The detail fields of a `details:` expression: literals, or a call of a local function
 * returning one.
 */
function detailKeys(expression: string, source: string, where: string): string[] {
  const trimmed = expression.trim();
  const called = /^([A-Za-z_$][\w$]*)\(/.exec(trimmed)?.[1];
  if (called === undefined) {
    // One literal, or a choice between literals (`approve ? {} : { reason }`): all of them.
    const keys: string[] = [];
    let literals = 0;
    for (let index = trimmed.indexOf('{'); index !== -1; index = trimmed.indexOf('{', index)) {
      const body = balanced(trimmed, index);
      keys.push(...literalKeys(body, source, where));
      literals += 1;
      index += body.length + 2;
    }
    if (literals === 0) throw new Error(`${where}: cannot read details ${trimmed}`);
    return keys;
  }
  const declaration = new RegExp(`function ${called}\\(`).exec(source);
  if (declaration === null) throw new Error(`${where}: no function ${called}`);
  const bodyStart = source.indexOf('{', source.indexOf(')', declaration.index));
  // Skip a return type annotation's braces: the body is the block whose text holds `return {`.
  let body = balanced(source, bodyStart);
  if (!body.includes('return')) {
    body = balanced(source, source.indexOf('{', bodyStart + body.length + 2));
  }
  const returned = body.indexOf('return {');
  if (returned === -1) throw new Error(`${where}: ${called} returns no literal`);
  return literalKeys(balanced(body, returned + 'return '.length), source, where);
}

interface AuditWrites {
  actions: Set<string>;
  targets: Set<string>;
  fields: Set<string>;
}

function auditWrites(): AuditWrites {
  const writes: AuditWrites = { actions: new Set(), targets: new Set(), fields: new Set() };
  for (const file of sourceFiles(SOURCE_ROOT)) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/(?:await|return) recordAudit\(/g)) {
      const where = `${file}:${match.index}`;
      const call = balanced(source, match.index + match[0].length - 1);
      const argument = call.slice(call.indexOf('{'));
      const entries = topLevelEntries(balanced(argument, 0));
      const entry = (name: string) => {
        const found = entries.find((text) => text.startsWith(`${name}:`));
        if (found === undefined) throw new Error(`${where}: no ${name}`);
        return found.slice(name.length + 1);
      };
      const actions = [...entry('action').matchAll(/'([a-z_]+\.[a-z_]+)'/g)].map((m) => m[1]);
      if (actions.length === 0) throw new Error(`${where}: action is not a literal`);
      for (const action of actions) if (action !== undefined) writes.actions.add(action);
      const target = /^\s*'([a-z_]+)'\s*$/.exec(entry('targetType'))?.[1];
      if (target === undefined) throw new Error(`${where}: targetType is not a literal`);
      writes.targets.add(target);
      for (const field of detailKeys(entry('details'), source, where)) writes.fields.add(field);
    }
  }
  return writes;
}

describe('the audit log in five languages', () => {
  const writes = auditWrites();

  it('should find the audit writers of every module', () => {
    expect([...writes.actions]).toEqual(
      expect.arrayContaining([
        'withdrawals.approve',
        'withdrawals.reject',
        'red_packets.create',
        'tickets.note',
        'content.parameters',
        'oauth_apps.create',
      ]),
    );
    expect([...writes.targets]).toEqual(expect.arrayContaining(['support_ticket', 'withdrawal']));
    expect([...writes.fields]).toEqual(
      expect.arrayContaining(['activation_deadline', 'hashrate', 'support_email', 'note', 'coin']),
    );
  });

  for (const language of LANGUAGES) {
    it(`should name every action, target and field the server writes in ${language}`, async () => {
      const site: Readonly<Record<string, string>> = (await loadMessages(language)).site;
      const missing = [
        ...[...writes.actions].map((action) => `admin.actions.${action}`),
        ...[...writes.targets].map((target) => `admin.targets.${target}`),
        ...[...writes.fields].map((field) => `admin.fields.${field}`),
      ].filter((key) => typeof site[key] !== 'string' || site[key] === '');
      expect(missing).toEqual([]);
    });
  }
});
