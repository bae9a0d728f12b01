import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../contract';
import type { Principal } from './authenticate';
import { HttpError } from './httpError';
import { signedInUser, userOf } from './userOf';

/** The status and code `run` is refused with, or what it returns. */
function outcomeOf(run: () => unknown): unknown {
  try {
    return run();
  } catch (error) {
    return error instanceof HttpError ? [error.status, error.code, error.message] : error;
  }
}

const user: Principal = { kind: 'user', userId: '7', permissions: ['user.view'] };
const observer: Principal = {
  kind: 'observer',
  userId: '7',
  permissions: ['user.view'],
  observerAccount: 'alice01',
};
const delegate: Principal = {
  kind: 'delegate',
  userId: '7',
  permissions: ['user.view'],
  delegation: { via: 'api_key', id: '3', accounts: ['alice01'] },
};
const refused = [401, ERROR_CODES.unauthorized, 'Sign in to continue'];

describe('userOf', () => {
  it('should answer the id of a signed-in user', () => {
    expect(userOf(user)).toBe('7');
    expect(signedInUser(user)).toBe(user);
  });

  it('should refuse a visitor, an observer and a delegate with 401 code 40100', () => {
    for (const principal of [null, observer, delegate]) {
      expect(outcomeOf(() => userOf(principal))).toEqual(refused);
      expect(outcomeOf(() => signedInUser(principal))).toEqual(refused);
    }
  });
});
