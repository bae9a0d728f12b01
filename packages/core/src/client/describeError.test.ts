import { describe, expect, it } from 'vitest';
import { ApiError } from './apiError';
import { describeError } from './describeError';

const t = (key: string) => `translated:${key}`;

describe('describeError', () => {
  it('should show the server message first', () => {
    const error = new ApiError({
      kind: 'http',
      status: 400,
      code: 40005,
      serverMessage: 'Bad address',
      requestMessage: 'Request failed with status code 400',
    });
    expect(describeError(error, t)).toBe('Bad address');
  });

  it('should show the request error message when the server sent none', () => {
    const error = new ApiError({
      kind: 'timeout',
      status: 0,
      requestMessage: 'Request timed out: GET /api/pools',
    });
    expect(describeError(error, t)).toBe('Request timed out: GET /api/pools');
  });

  it('should translate the request-failed fallback', () => {
    const error = new ApiError({ kind: 'invalidResponse', status: 200 });
    expect(error.message).toBe('errors.requestFailed');
    expect(describeError(error, t)).toBe('translated:errors.requestFailed');
    expect(describeError(error)).toBe('errors.requestFailed');
  });

  it('should describe a plain error by its message and anything else as request failed', () => {
    expect(describeError(new Error('Something broke'), t)).toBe('Something broke');
    expect(describeError('a string', t)).toBe('translated:errors.requestFailed');
    expect(describeError(undefined)).toBe('errors.requestFailed');
  });

  it('should answer system error when describing fails', () => {
    const hostile = new ApiError({ kind: 'network', status: 0 });
    Object.defineProperty(hostile, 'message', {
      get() {
        throw new Error('hostile');
      },
    });
    expect(describeError(hostile, t)).toBe('translated:errors.systemError');
    const failingT = () => {
      throw new Error('i18n is not ready');
    };
    expect(describeError(new ApiError({ kind: 'invalidResponse', status: 200 }), failingT)).toBe(
      'errors.systemError',
    );
  });
});

describe('ApiError', () => {
  it('should treat a blank server message as absent', () => {
    const error = new ApiError({
      kind: 'http',
      status: 500,
      serverMessage: ' ',
      requestMessage: 'boom',
    });
    expect(error.serverMessage).toBeUndefined();
    expect(error.message).toBe('boom');
  });

  it('should pick the message key of a known code and fall back to request failed', () => {
    expect(new ApiError({ kind: 'http', status: 403, code: 40301 }).messageKey).toBe(
      'errors.observerReadOnly',
    );
    expect(new ApiError({ kind: 'http', status: 418, code: 41800 }).messageKey).toBe(
      'errors.requestFailed',
    );
    expect(new ApiError({ kind: 'network', status: 0 }).messageKey).toBe('errors.network');
  });

  it('should recognise the expired token only as HTTP 400 with code 40001', () => {
    expect(new ApiError({ kind: 'http', status: 400, code: 40001 }).isTokenExpired).toBe(true);
    expect(new ApiError({ kind: 'http', status: 200, code: 40001 }).isTokenExpired).toBe(false);
    expect(new ApiError({ kind: 'http', status: 400, code: 40000 }).isTokenExpired).toBe(false);
  });
});
