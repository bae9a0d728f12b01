import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { catalogueOf } from '../i18n/catalogues';
import { LANGUAGES } from '../i18n/languages';
import type { LocaleMessages } from '../i18n/locales/en';
import { fieldErrors } from './fieldErrors';
import {
  isValidationMessageKey,
  VALIDATION_KEYS,
  VALIDATION_NAMESPACE,
  type ValidationKey,
  validationMessageKeyOf,
} from './validationKeys';
import { validators } from './validators';

/** The `validation` group of every locale module. */
const validationMessages = catalogueOf('validation');

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? '').sort();
}

/** Every key the validators report for a battery of bad input. */
function reportedKeys(): Set<string> {
  const cases: [z.ZodType, unknown][] = [
    [validators.phone, ''],
    [validators.phone, '123'],
    [validators.email, ''],
    [validators.email, 'x'],
    [validators.subAccountName, ''],
    [validators.subAccountName, 'x'],
    [validators.workerName, ''],
    [validators.workerName, 'X'],
    [validators.workerName, 'x'.repeat(65)],
    [validators.totpCode, ''],
    [validators.totpCode, '1'],
    [validators.verificationCode, ''],
    [validators.verificationCode, '1'],
    [validators.passkeyNickname, ' '],
    [validators.observerNickname, ' '],
    [validators.observerAddress, ' '],
    [validators.password, ''],
    [validators.password, 'short'],
    [validators.payPassword, ''],
    [validators.payPassword, 'short'],
    [validators.passwordForm, { password: 'abcd1234', confirmPassword: '' }],
    [validators.passwordForm, { password: 'abcd1234', confirmPassword: 'x' }],
    [validators.payPasswordForm, { payPassword: 'abcd1234', confirmPayPassword: '' }],
    [validators.amount(), 'x'],
    [validators.amount(), '0'],
    [validators.amount({ decimals: 1 }), '1.23'],
    [validators.amount({ maximum: '1' }), '2'],
    [validators.withdrawal({ minimum: '1', hasPayPassword: false }), { amount: '0.5' }],
    [validators.withdrawal({ minimum: '1', hasPayPassword: true }), {}],
    [validators.internalTransfer(), {}],
    [validators.exportRange, null],
    [validators.exportRange, [2, 1]],
    [validators.exportRange, [0, 400 * 86_400_000]],
    [validators.couponCode, ''],
    [validators.thirdPartyAuthorisation, []],
    [validators.termsAccepted, false],
    [validators.ticket({ hasBoundEmail: false, hasAuthenticator: false }), {}],
    [
      validators.ticket({ hasBoundEmail: true, hasAuthenticator: false }),
      { title: 'x'.repeat(101), content: 'y'.repeat(2001) },
    ],
    [validators.redPacketEmail('a@example.com'), 'b@example.com'],
    [validators.paymentEvidence, []],
    [validators.timezone, 'x'],
    [validators.miningAddress('btc'), ''],
    [validators.miningAddress('btc'), 'x'],
    [z.number(), 'not a number'],
  ];
  const keys = new Set<string>();
  for (const [schema, value] of cases) {
    const error = schema.safeParse(value).error;
    expect(error).toBeDefined();
    for (const { key } of fieldErrors(error ?? { issues: [] })) keys.add(key);
  }
  return keys;
}

describe('validationMessageKeyOf and isValidationMessageKey', () => {
  it('should prefix a key with the validation namespace', () => {
    expect(VALIDATION_NAMESPACE).toBe('validation');
    expect(validationMessageKeyOf('phoneInvalid')).toBe('validation.phoneInvalid');
  });

  it('should recognise only full keys the catalogue has', () => {
    expect(isValidationMessageKey('validation.phoneInvalid')).toBe(true);
    expect(isValidationMessageKey('phoneInvalid')).toBe(false);
    expect(isValidationMessageKey('validation.nope')).toBe(false);
    expect(isValidationMessageKey('errors.phoneInvalid')).toBe(false);
    expect(isValidationMessageKey(42)).toBe(false);
  });
});

describe('validationMessages', () => {
  it('should type the validation group with exactly the declared keys', () => {
    expectTypeOf<keyof LocaleMessages['validation']>().toEqualTypeOf<ValidationKey>();
  });

  it('should have every key used by a validator in all five languages', () => {
    const keys = reportedKeys();
    expect(keys.size).toBe(VALIDATION_KEYS.length);
    for (const fullKey of keys) {
      expect(isValidationMessageKey(fullKey)).toBe(true);
      const key = fullKey.slice(VALIDATION_NAMESPACE.length + 1);
      for (const language of LANGUAGES) {
        expect(validationMessages[language][key], `${language}.${key}`).toBeTruthy();
      }
    }
  });

  it('should have exactly the declared keys in every language, none empty', () => {
    for (const language of LANGUAGES) {
      expect(Object.keys(validationMessages[language]).sort()).toEqual([...VALIDATION_KEYS].sort());
      for (const text of Object.values(validationMessages[language])) {
        expect(text.trim()).not.toBe('');
      }
    }
  });

  it('should use the same placeholders as English in every language', () => {
    for (const key of VALIDATION_KEYS) {
      const english = placeholders(validationMessages.en[key] ?? '');
      for (const language of LANGUAGES) {
        expect(placeholders(validationMessages[language][key] ?? ''), `${language}.${key}`).toEqual(
          english,
        );
      }
    }
  });

  it('should keep the English texts the spec quotes word for word', () => {
    expect(validationMessages.en.phoneInvalid).toBe('Phone number format is incorrect');
    expect(validationMessages.en.emailRequired).toBe('Please enter email address');
    expect(validationMessages.en.emailInvalid).toBe('Please enter correct email address');
    expect(validationMessages.en.passwordMismatch).toBe("Two inputs don't match");
    expect(validationMessages.en.accountSelectionRequired).toBe('Select at least one account');
    expect(validationMessages.en.addressInvalid).toBe('The address is wrong');
  });

  it('should translate rather than copy English', () => {
    for (const language of LANGUAGES.filter((each) => each !== 'en')) {
      expect(validationMessages[language].phoneInvalid).not.toBe(
        validationMessages.en.phoneInvalid,
      );
      expect(validationMessages[language].passwordMismatch).not.toBe(
        validationMessages.en.passwordMismatch,
      );
    }
  });
});
