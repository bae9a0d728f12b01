import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../contract';
import { DomainError } from '../domain/errors';
import { wrongWhenStatus } from './guessBrake';
import { HttpError } from './httpError';
import { isRefusal } from './isRefusal';

describe('isRefusal', () => {
  it('should take an HttpError and a DomainError, and nothing else', () => {
    expect(isRefusal(new HttpError(404, ERROR_CODES.notFound, 'No such code'))).toBe(true);
    expect(isRefusal(new DomainError(ERROR_CODES.notFound, 'No such code'))).toBe(true);
    expect(isRefusal(new Error('boom'))).toBe(false);
    expect(isRefusal({ status: 404, code: ERROR_CODES.notFound })).toBe(false);
    expect(isRefusal(undefined)).toBe(false);
  });
});

describe('wrongWhenStatus', () => {
  it('should call a refusal of the status a wrong guess, whichever error class carries it', () => {
    const classify = wrongWhenStatus(404);
    expect(classify(new HttpError(404, ERROR_CODES.notFound, 'No such code'))).toBe('wrong');
    expect(classify(new DomainError(ERROR_CODES.notFound, 'No such code'))).toBe('wrong');
  });

  it('should call other refusals and failures other', () => {
    const classify = wrongWhenStatus(404);
    expect(classify(new HttpError(409, ERROR_CODES.conflict, 'Used already'))).toBe('other');
    expect(classify(new DomainError(ERROR_CODES.validation, 'amount: too small'))).toBe('other');
    expect(classify(new Error('database down'))).toBe('other');
  });
});
