import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CONTROL_CHARACTER_MESSAGE,
  defineEndpoint,
  errorStatusesOf,
  hasControlCharacter,
  hasUnpairedSurrogate,
  noInput,
  refusesControlCharacters,
  UNPAIRED_SURROGATE_MESSAGE,
} from './endpoint';
import { endpoints } from './endpoints';

const groupRename = defineEndpoint({
  id: 'testRename',
  family: 'B',
  method: 'PUT',
  path: '/pools/{pool}/groups/{id}',
  auth: 'user',
  params: z.object({ pool: z.string(), id: z.string() }).strict(),
  query: z.object({ search: z.string().optional() }).strict(),
  body: z.object({ name: z.string(), tags: z.array(z.object({ label: z.string() })) }).strict(),
  response: z.object({}),
  errors: [409],
  summary: 'Test: rename a group',
});

describe('hasControlCharacter', () => {
  it('should find NUL and the other C0 controls and DEL, but not tab, line feed or return', () => {
    for (const text of ['a\u0000b', '\u0001', 'x\u001b[2J', '\u007f', 'a\u000bb', '\u000c']) {
      expect(hasControlCharacter(text), JSON.stringify(text)).toBe(true);
    }
    for (const text of ['', 'plain', 'line one\nline two\r\n\tend', '😀 矿池 пул', '\u0080']) {
      expect(hasControlCharacter(text), JSON.stringify(text)).toBe(false);
    }
  });
});

describe('hasUnpairedSurrogate', () => {
  it('should find a high or a low surrogate without its other half, but not whole pairs', () => {
    for (const text of ['\ud800', 'a\ud800b', 'end\udbff', '\udc00', 'x\udfffy', '\udc00\ud800']) {
      expect(hasUnpairedSurrogate(text), JSON.stringify(text)).toBe(true);
    }
    for (const text of [
      '',
      'plain',
      '😀',
      'a😀b😀',
      '\ud83d\ude00',
      '矿池 \ud800\udc00',
      '\uffff',
    ]) {
      expect(hasUnpairedSurrogate(text), JSON.stringify(text)).toBe(false);
    }
  });
});

describe('defineEndpoint request schemas', () => {
  it('should refuse a NUL in params, query and body, with the field path', () => {
    const params = groupRename.params.safeParse({ pool: 'btc', id: '1\u0000' });
    expect(params.error?.issues).toEqual([
      expect.objectContaining({ path: ['id'], message: CONTROL_CHARACTER_MESSAGE }),
    ]);
    const query = groupRename.query.safeParse({ search: 'rig\u0000' });
    expect(query.error?.issues[0]?.path).toEqual(['search']);
    const body = groupRename.body.safeParse({
      name: 'ok',
      tags: [{ label: 'a' }, { label: '\u0000' }],
    });
    expect(body.error?.issues[0]?.path).toEqual(['tags', 1, 'label']);
  });

  it('should refuse a lone surrogate in params, query, body and record keys, with the field path', () => {
    const params = groupRename.params.safeParse({ pool: 'btc', id: '1\ud800' });
    expect(params.error?.issues).toEqual([
      expect.objectContaining({ path: ['id'], message: UNPAIRED_SURROGATE_MESSAGE }),
    ]);
    expect(groupRename.query.safeParse({ search: '\udc00rig' }).error?.issues[0]).toMatchObject({
      path: ['search'],
      message: UNPAIRED_SURROGATE_MESSAGE,
    });
    const body = groupRename.body.safeParse({
      name: 'ok 😀',
      tags: [{ label: 'a' }, { label: 'b\ud800' }],
    });
    expect(body.error?.issues[0]?.path).toEqual(['tags', 1, 'label']);
    const withRecord = defineEndpoint({
      id: 'testRecord',
      family: 'B',
      method: 'POST',
      path: '/records',
      auth: 'user',
      body: z.object({ extra: z.record(z.string(), z.unknown()) }).strict(),
      response: z.object({}),
      summary: 'Test: a record body',
    });
    expect(withRecord.body.safeParse({ extra: { 'k\ud800': 1 } }).error?.issues[0]).toMatchObject({
      path: ['extra', 'k\ud800'],
      message: UNPAIRED_SURROGATE_MESSAGE,
    });
    expect(withRecord.body.safeParse({ extra: { ok: '😀' } }).success).toBe(true);
  });

  it('should accept text with tabs and line breaks, and leave noInput as it is', () => {
    expect(groupRename.body.safeParse({ name: 'a\tb\nc', tags: [] }).success).toBe(true);
    const bare = defineEndpoint({
      id: 'testBare',
      family: 'A',
      method: 'GET',
      path: '/bare',
      auth: 'public',
      response: z.object({}),
      summary: 'Test: no input',
    });
    expect(bare.query).toBe(noInput);
  });

  it('should give every endpoint of the contract request schemas that refuse NUL and lone surrogates', () => {
    // The rule comes from defineEndpoint, so an endpoint has it the day it joins the contract.
    for (const endpoint of Object.values(endpoints)) {
      for (const part of ['params', 'query', 'body'] as const) {
        expect(refusesControlCharacters(endpoint[part]), `${endpoint.id} ${part}`).toBe(true);
      }
    }
    expect(refusesControlCharacters(z.object({ name: z.string() }))).toBe(false);
  });
});

describe('errorStatusesOf', () => {
  it('should derive the statuses from the call and add its own errors', () => {
    expect(errorStatusesOf(groupRename)).toEqual([400, 401, 403, 404, 409, 413, 414, 415, 500]);
    const publicRead = defineEndpoint({
      id: 'testPublic',
      family: 'A',
      method: 'GET',
      path: '/pools',
      auth: 'public',
      response: z.object({}),
      summary: 'Test: a public read',
    });
    expect(errorStatusesOf(publicRead)).toEqual([400, 500]);
  });
});
