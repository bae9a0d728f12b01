import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../contract';
import { badField, DomainError, notFound, refuseField } from './errors';

/** What `run` throws, or `undefined` when it does not throw. */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

/** The parts of a refusal that the error envelope and the status are made of. */
function partsOf(error: unknown) {
  if (!(error instanceof DomainError)) return error;
  return { status: error.status, code: error.code, msg: error.message, fields: error.fields };
}

describe('domain refusals', () => {
  it('should refuse a field with `field: message`, a validation error by default', () => {
    expect(partsOf(thrownBy(() => badField('name', 'is taken')))).toEqual({
      status: 400,
      code: ERROR_CODES.validation,
      msg: 'name: is taken',
      fields: [{ field: 'name', message: 'is taken' }],
    });
  });

  it('should refuse a field with the message alone, its status from the code', () => {
    expect(partsOf(thrownBy(() => refuseField('amount', 'The amount is too small')))).toEqual({
      status: 400,
      code: ERROR_CODES.validation,
      msg: 'The amount is too small',
      fields: [{ field: 'amount', message: 'The amount is too small' }],
    });
    expect(
      partsOf(
        thrownBy(() =>
          refuseField('quote_id', 'This quote was used already', ERROR_CODES.conflict),
        ),
      ),
    ).toEqual({
      status: 409,
      code: ERROR_CODES.conflict,
      msg: 'This quote was used already',
      fields: [{ field: 'quote_id', message: 'This quote was used already' }],
    });
  });

  it('should refuse a missing target with 404 and the message alone', () => {
    expect(partsOf(thrownBy(() => notFound('id', 'No such withdraw address')))).toEqual({
      status: 404,
      code: ERROR_CODES.notFound,
      msg: 'No such withdraw address',
      fields: [{ field: 'id', message: 'No such withdraw address' }],
    });
  });
});
