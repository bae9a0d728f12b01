import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors, validationMessageKey } from './fieldErrors';

describe('fieldErrors', () => {
  it('should give one error per field, the first issue winning, in order', () => {
    const schema = z.object({
      name: z
        .string()
        .min(1, 'validation.subAccountNameRequired')
        .min(4, 'validation.subAccountNameInvalid'),
      code: z.string().regex(/^\d{6}$/, 'validation.totpCodeInvalid'),
    });
    const result = schema.safeParse({ name: '', code: 'x' });
    expect(fieldErrors(result.error ?? { issues: [] })).toEqual([
      { field: 'name', key: 'validation.subAccountNameRequired' },
      { field: 'code', key: 'validation.totpCodeInvalid' },
    ]);
  });

  it('should join nested paths with dots and use an empty field for the root', () => {
    const schema = z.object({ items: z.array(z.object({ name: z.string('validation.invalid') })) });
    expect(fieldErrors(schema.safeParse({ items: [{ name: 1 }] }).error ?? { issues: [] })).toEqual(
      [{ field: 'items.0.name', key: 'validation.invalid' }],
    );
    expect(
      fieldErrors(z.string('validation.invalid').safeParse(1).error ?? { issues: [] }),
    ).toEqual([{ field: '', key: 'validation.invalid' }]);
  });

  it('should fall back to validation.invalid for messages that are not validation keys', () => {
    const result = z.object({ age: z.number() }).safeParse({ age: 'x' });
    expect(fieldErrors(result.error ?? { issues: [] })).toEqual([
      { field: 'age', key: 'validation.invalid' },
    ]);
    const unknownKey = z.string().min(1, 'validation.noSuchKey').safeParse('');
    expect(validationMessageKey(unknownKey.error)).toBe('validation.invalid');
  });

  it('should carry custom params and length limits for interpolation', () => {
    const schema = z
      .string()
      .max(3, 'validation.ticketTitleTooLong')
      .superRefine((_, ctx) => {
        ctx.addIssue({
          code: 'custom',
          message: 'validation.invalid',
          path: ['x'],
          params: { a: 1 },
        });
      });
    expect(fieldErrors(schema.safeParse('abcd').error ?? { issues: [] })).toEqual([
      { field: '', key: 'validation.ticketTitleTooLong', params: { max: 3 } },
      { field: 'x', key: 'validation.invalid', params: { a: 1 } },
    ]);
    expect(fieldErrors(schema.safeParse('ab').error ?? { issues: [] })).toEqual([
      { field: 'x', key: 'validation.invalid', params: { a: 1 } },
    ]);
  });

  it('should give an empty list when there are no issues', () => {
    expect(fieldErrors({ issues: [] })).toEqual([]);
  });
});

describe('validationMessageKey', () => {
  it('should give the key of the first issue', () => {
    const schema = z.string().min(1, 'validation.emailRequired').email('validation.emailInvalid');
    expect(validationMessageKey(schema.safeParse('').error)).toBe('validation.emailRequired');
    expect(validationMessageKey(schema.safeParse('x').error)).toBe('validation.emailInvalid');
  });

  it('should give undefined for a successful parse', () => {
    expect(validationMessageKey(z.string().safeParse('x').error)).toBeUndefined();
    expect(validationMessageKey({ issues: [] })).toBeUndefined();
  });
});
