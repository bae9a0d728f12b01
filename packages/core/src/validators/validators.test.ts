import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors, validationMessageKey } from './fieldErrors';
import { validators } from './validators';

/** The message key of the first issue, or undefined when the value passes. */
function keyOf(schema: z.ZodType, value: unknown): string | undefined {
  return validationMessageKey(schema.safeParse(value).error);
}

describe('validators.phone', () => {
  it('should accept mainland mobile numbers', () => {
    expect(keyOf(validators.phone, '13812345678')).toBeUndefined();
    expect(keyOf(validators.phone, '19912345678')).toBeUndefined();
    expect(validators.phone.parse(' 13812345678 ')).toBe('13812345678');
  });

  it('should report phoneRequired when empty or missing', () => {
    expect(keyOf(validators.phone, '')).toBe('validation.phoneRequired');
    expect(keyOf(validators.phone, '   ')).toBe('validation.phoneRequired');
    expect(keyOf(validators.phone, undefined)).toBe('validation.phoneRequired');
  });

  it('should report phoneInvalid for a wrong length, prefix, second digit or a hyphen', () => {
    expect(keyOf(validators.phone, '1381234567')).toBe('validation.phoneInvalid');
    expect(keyOf(validators.phone, '138123456789')).toBe('validation.phoneInvalid');
    expect(keyOf(validators.phone, '23812345678')).toBe('validation.phoneInvalid');
    expect(keyOf(validators.phone, '12812345678')).toBe('validation.phoneInvalid');
    expect(keyOf(validators.phone, '138-1234-5678')).toBe('validation.phoneInvalid');
    expect(keyOf(validators.phone, '1381234567a')).toBe('validation.phoneInvalid');
  });
});

describe('validators.email', () => {
  it('should accept an email and trim it', () => {
    expect(validators.email.parse(' miner@example.com ')).toBe('miner@example.com');
  });

  it('should report emailRequired when empty, and only that', () => {
    const result = validators.email.safeParse('');
    expect(result.error?.issues).toHaveLength(1);
    expect(keyOf(validators.email, '')).toBe('validation.emailRequired');
    expect(keyOf(validators.email, undefined)).toBe('validation.emailRequired');
  });

  it('should report emailInvalid when malformed', () => {
    expect(keyOf(validators.email, 'miner')).toBe('validation.emailInvalid');
    expect(keyOf(validators.email, 'miner@')).toBe('validation.emailInvalid');
    expect(keyOf(validators.email, 'miner@example')).toBe('validation.emailInvalid');
    expect(keyOf(validators.email, 'mi ner@example.com')).toBe('validation.emailInvalid');
  });
});

describe('validators.subAccountName', () => {
  it('should accept 4 to 30 letters or digits', () => {
    expect(keyOf(validators.subAccountName, 'abcd')).toBeUndefined();
    expect(keyOf(validators.subAccountName, 'Miner2024')).toBeUndefined();
    expect(keyOf(validators.subAccountName, 'a'.repeat(30))).toBeUndefined();
  });

  it('should report subAccountNameRequired when empty', () => {
    expect(keyOf(validators.subAccountName, '')).toBe('validation.subAccountNameRequired');
  });

  it('should report subAccountNameInvalid for length or characters', () => {
    expect(keyOf(validators.subAccountName, 'abc')).toBe('validation.subAccountNameInvalid');
    expect(keyOf(validators.subAccountName, 'a'.repeat(31))).toBe(
      'validation.subAccountNameInvalid',
    );
    expect(keyOf(validators.subAccountName, 'abc_d')).toBe('validation.subAccountNameInvalid');
    expect(keyOf(validators.subAccountName, 'abcdé')).toBe('validation.subAccountNameInvalid');
  });
});

describe('validators.workerName', () => {
  it('should accept digits and lowercase letters up to 64', () => {
    expect(keyOf(validators.workerName, 'rig01')).toBeUndefined();
    expect(keyOf(validators.workerName, '1')).toBeUndefined();
    expect(keyOf(validators.workerName, 'a'.repeat(64))).toBeUndefined();
  });

  it('should report workerNameRequired when empty', () => {
    expect(keyOf(validators.workerName, '')).toBe('validation.workerNameRequired');
  });

  it('should report workerNameInvalid for uppercase letters or symbols', () => {
    expect(keyOf(validators.workerName, 'Rig01')).toBe('validation.workerNameInvalid');
    expect(keyOf(validators.workerName, 'rig-01')).toBe('validation.workerNameInvalid');
    expect(keyOf(validators.workerName, 'rig.01')).toBe('validation.workerNameInvalid');
  });

  it('should report workerNameTooLong with the limit above 64 characters', () => {
    const result = validators.workerName.safeParse('a'.repeat(65));
    expect(fieldErrors(result.error ?? { issues: [] })).toEqual([
      { field: '', key: 'validation.workerNameTooLong', params: { max: 64 } },
    ]);
  });
});

describe('validators.totpCode and validators.verificationCode', () => {
  it('should accept six digits', () => {
    expect(keyOf(validators.totpCode, '123456')).toBeUndefined();
    expect(keyOf(validators.verificationCode, '000000')).toBeUndefined();
  });

  it('should report the required keys when empty', () => {
    expect(keyOf(validators.totpCode, '')).toBe('validation.totpCodeRequired');
    expect(keyOf(validators.verificationCode, '')).toBe('validation.verificationCodeRequired');
  });

  it('should report the invalid keys for other lengths or letters', () => {
    expect(keyOf(validators.totpCode, '12345')).toBe('validation.totpCodeInvalid');
    expect(keyOf(validators.totpCode, '1234567')).toBe('validation.totpCodeInvalid');
    expect(keyOf(validators.totpCode, '12345a')).toBe('validation.totpCodeInvalid');
    expect(keyOf(validators.verificationCode, '12 456')).toBe('validation.verificationCodeInvalid');
  });
});

describe('validators.passkeyNickname, observerNickname and observerAddress', () => {
  it('should accept text and trim it', () => {
    expect(validators.passkeyNickname.parse('  My laptop ')).toBe('My laptop');
    expect(keyOf(validators.observerNickname, 'boss')).toBeUndefined();
    expect(keyOf(validators.observerAddress, 'kaspa:qq')).toBeUndefined();
  });

  it('should refuse empty text and text of spaces only', () => {
    expect(keyOf(validators.passkeyNickname, '')).toBe('validation.passkeyNicknameRequired');
    expect(keyOf(validators.passkeyNickname, '   ')).toBe('validation.passkeyNicknameRequired');
    expect(keyOf(validators.observerNickname, ' ')).toBe('validation.observerNicknameRequired');
    expect(keyOf(validators.observerAddress, '')).toBe('validation.observerAddressRequired');
  });
});

describe('validators.password and validators.payPassword', () => {
  it('should accept 8 to 32 characters with letters and digits, symbols allowed', () => {
    expect(keyOf(validators.password, 'abcd1234')).toBeUndefined();
    expect(keyOf(validators.password, 'P@ssw0rd!')).toBeUndefined();
    expect(keyOf(validators.password, `a1${'x'.repeat(30)}`)).toBeUndefined();
    expect(keyOf(validators.payPassword, 'abcd1234')).toBeUndefined();
  });

  it('should report the required keys when empty', () => {
    expect(keyOf(validators.password, '')).toBe('validation.passwordRequired');
    expect(keyOf(validators.payPassword, '')).toBe('validation.payPasswordRequired');
    expect(keyOf(validators.payPassword, undefined)).toBe('validation.payPasswordRequired');
  });

  it('should report the invalid keys for length, missing letters or digits, or spaces', () => {
    expect(keyOf(validators.password, 'abc1234')).toBe('validation.passwordInvalid');
    expect(keyOf(validators.password, `a1${'x'.repeat(31)}`)).toBe('validation.passwordInvalid');
    expect(keyOf(validators.password, 'abcdefgh')).toBe('validation.passwordInvalid');
    expect(keyOf(validators.password, '12345678')).toBe('validation.passwordInvalid');
    expect(keyOf(validators.password, 'abcd 1234')).toBe('validation.passwordInvalid');
    expect(keyOf(validators.password, 'pässwort1')).toBe('validation.passwordInvalid');
    expect(keyOf(validators.payPassword, '12345678')).toBe('validation.payPasswordInvalid');
  });
});

describe('validators.loginPassword', () => {
  it('should only require a value', () => {
    expect(keyOf(validators.loginPassword, 'old')).toBeUndefined();
    expect(keyOf(validators.loginPassword, '')).toBe('validation.passwordRequired');
  });
});

describe('validators.passwordForm and passwordConfirmation', () => {
  it('should accept matching passwords', () => {
    const form = { password: 'abcd1234', confirmPassword: 'abcd1234' };
    expect(validators.passwordForm.parse(form)).toEqual(form);
  });

  it('should report passwordMismatch on the confirmation field', () => {
    const result = validators.passwordForm.safeParse({
      password: 'abcd1234',
      confirmPassword: 'abcd12345',
    });
    expect(fieldErrors(result.error ?? { issues: [] })).toEqual([
      { field: 'confirmPassword', key: 'validation.passwordMismatch' },
    ]);
  });

  it('should report passwordConfirmationRequired when the confirmation is empty', () => {
    const result = validators.passwordForm.safeParse({ password: 'abcd1234', confirmPassword: '' });
    expect(fieldErrors(result.error ?? { issues: [] })).toEqual([
      { field: 'confirmPassword', key: 'validation.passwordConfirmationRequired' },
    ]);
  });

  it('should add the check to any object schema with the given field names', () => {
    const reset = validators.passwordConfirmation(
      z.object({ newPassword: z.string(), repeat: z.string() }),
      'newPassword',
      'repeat',
    );
    const result = reset.safeParse({ newPassword: 'a', repeat: 'b' });
    expect(fieldErrors(result.error ?? { issues: [] })).toEqual([
      { field: 'repeat', key: 'validation.passwordMismatch' },
    ]);
    expect(reset.safeParse({ newPassword: 'a', repeat: 'a' }).success).toBe(true);
  });
});

describe('validators.payPasswordForm and payPasswordConfirmation', () => {
  it('should accept matching pay passwords', () => {
    const form = { payPassword: 'pay12345', confirmPayPassword: 'pay12345' };
    expect(validators.payPasswordForm.parse(form)).toEqual(form);
  });

  it('should report passwordMismatch on confirmPayPassword', () => {
    const result = validators.payPasswordForm.safeParse({
      payPassword: 'pay12345',
      confirmPayPassword: 'pay12346',
    });
    expect(fieldErrors(result.error ?? { issues: [] })).toEqual([
      { field: 'confirmPayPassword', key: 'validation.passwordMismatch' },
    ]);
  });

  it('should report payPasswordConfirmationRequired when the confirmation is empty', () => {
    const result = validators.payPasswordForm.safeParse({ payPassword: 'pay12345' });
    expect(fieldErrors(result.error ?? { issues: [] })).toEqual([
      { field: 'confirmPayPassword', key: 'validation.payPasswordConfirmationRequired' },
    ]);
  });

  it('should use payPassword and confirmPayPassword by default on any schema', () => {
    const schema = validators.payPasswordConfirmation(
      z.object({ payPassword: z.string(), confirmPayPassword: z.string(), code: z.string() }),
    );
    const result = schema.safeParse({ payPassword: 'a', confirmPayPassword: 'b', code: '1' });
    expect(validationMessageKey(result.error)).toBe('validation.passwordMismatch');
  });
});

describe('validators.amount', () => {
  it('should accept a positive decimal string within the limits, trimmed', () => {
    const schema = validators.amount({ minimum: '0.1', maximum: '10', decimals: 4 });
    expect(schema.parse(' 0.1 ')).toBe('0.1');
    expect(schema.parse('10')).toBe('10');
    expect(schema.parse('1.2345')).toBe('1.2345');
  });

  it('should report amountRequired when empty or missing', () => {
    expect(keyOf(validators.amount(), '')).toBe('validation.amountRequired');
    expect(keyOf(validators.amount(), undefined)).toBe('validation.amountRequired');
  });

  it('should report amountInvalid for text that is not a plain decimal', () => {
    expect(keyOf(validators.amount(), 'abc')).toBe('validation.amountInvalid');
    expect(keyOf(validators.amount(), '1e3')).toBe('validation.amountInvalid');
    expect(keyOf(validators.amount(), '1,000')).toBe('validation.amountInvalid');
  });

  it('should report amountNotPositive for zero and negative amounts', () => {
    expect(keyOf(validators.amount(), '0')).toBe('validation.amountNotPositive');
    expect(keyOf(validators.amount(), '-1')).toBe('validation.amountNotPositive');
  });

  it('should report the limits with their values', () => {
    const schema = validators.amount({ minimum: '0.1', maximum: '10', decimals: 4 });
    expect(fieldErrors(schema.safeParse('0.09').error ?? { issues: [] })).toEqual([
      { field: '', key: 'validation.amountBelowMinimum', params: { minimum: '0.1' } },
    ]);
    expect(fieldErrors(schema.safeParse('10.0001').error ?? { issues: [] })).toEqual([
      { field: '', key: 'validation.amountAboveMaximum', params: { maximum: '10' } },
    ]);
    expect(fieldErrors(schema.safeParse('1.23456').error ?? { issues: [] })).toEqual([
      { field: '', key: 'validation.amountTooPrecise', params: { decimals: 4 } },
    ]);
  });

  it('should not count trailing zeros as decimal places', () => {
    expect(keyOf(validators.amount({ decimals: 1 }), '1.50')).toBeUndefined();
    expect(keyOf(validators.amount({ decimals: 0 }), '2.000')).toBeUndefined();
  });

  it('should compare exactly, not as floats', () => {
    const schema = validators.amount({ minimum: '0.30000000000000001' });
    expect(keyOf(schema, '0.3')).toBe('validation.amountBelowMinimum');
  });
});

describe('validators.withdrawal', () => {
  const withdrawal = validators.withdrawal({ minimum: '0.01', hasPayPassword: true });

  it('should accept a complete withdrawal', () => {
    expect(
      withdrawal.parse({ amount: '0.5', payPassword: 'secret1', address: ' kaspa:qq ' }),
    ).toEqual({ amount: '0.5', payPassword: 'secret1', address: 'kaspa:qq' });
  });

  it('should report each missing field', () => {
    const result = withdrawal.safeParse({ amount: '', payPassword: '', address: '' });
    expect(fieldErrors(result.error ?? { issues: [] })).toEqual([
      { field: 'amount', key: 'validation.amountRequired' },
      { field: 'payPassword', key: 'validation.payPasswordRequired' },
      { field: 'address', key: 'validation.addressRequired' },
    ]);
    expect(validationMessageKey(withdrawal.safeParse({}).error)).toBe('validation.amountRequired');
  });

  it('should report an amount below the minimum', () => {
    const result = withdrawal.safeParse({ amount: '0.001', payPassword: 'x', address: 'a' });
    expect(fieldErrors(result.error ?? { issues: [] })).toEqual([
      { field: 'amount', key: 'validation.amountBelowMinimum', params: { minimum: '0.01' } },
    ]);
  });

  it('should ask to set a pay password first when the account has none', () => {
    const noPayPassword = validators.withdrawal({ minimum: '0.01', hasPayPassword: false });
    const result = noPayPassword.safeParse({ amount: '1', payPassword: 'x', address: 'a' });
    expect(fieldErrors(result.error ?? { issues: [] })).toEqual([
      { field: 'payPassword', key: 'validation.payPasswordNotSet' },
    ]);
    expect(
      fieldErrors(noPayPassword.safeParse({ amount: '1', address: 'a' }).error ?? { issues: [] }),
    ).toEqual([{ field: 'payPassword', key: 'validation.payPasswordNotSet' }]);
  });

  it('should pass the other amount limits on', () => {
    const capped = validators.withdrawal({ minimum: '1', maximum: '5', hasPayPassword: true });
    expect(
      validationMessageKey(capped.safeParse({ amount: '6', payPassword: 'x', address: 'a' }).error),
    ).toBe('validation.amountAboveMaximum');
  });
});

describe('validators.internalTransfer', () => {
  it('should accept an account and an amount', () => {
    expect(validators.internalTransfer().parse({ account: ' sub01 ', amount: '1' })).toEqual({
      account: 'sub01',
      amount: '1',
    });
  });

  it('should report accountRequired for an empty account', () => {
    const result = validators.internalTransfer().safeParse({ account: ' ', amount: '1' });
    expect(fieldErrors(result.error ?? { issues: [] })).toEqual([
      { field: 'account', key: 'validation.accountRequired' },
    ]);
  });

  it('should check the amount with the given limits', () => {
    const result = validators
      .internalTransfer({ minimum: '2' })
      .safeParse({ account: 'sub01', amount: '1' });
    expect(validationMessageKey(result.error)).toBe('validation.amountBelowMinimum');
  });
});

describe('validators.exportRange', () => {
  const day = 86_400_000;
  const start = Date.UTC(2024, 0, 1);

  it('should accept a range of up to 366 days, including one day', () => {
    expect(validators.exportRange.parse([start, start])).toEqual([start, start]);
    expect(keyOf(validators.exportRange, [start, start + 366 * day])).toBeUndefined();
  });

  it('should report dateRangeRequired when there is no range', () => {
    expect(keyOf(validators.exportRange, null)).toBe('validation.dateRangeRequired');
    expect(keyOf(validators.exportRange, undefined)).toBe('validation.dateRangeRequired');
    expect(keyOf(validators.exportRange, [])).toBe('validation.dateRangeRequired');
    expect(keyOf(validators.exportRange, [start])).toBe('validation.dateRangeRequired');
    expect(keyOf(validators.exportRange, [start, Number.NaN])).toBe('validation.dateRangeRequired');
  });

  it('should report dateRangeOrder when the start is after the end', () => {
    expect(keyOf(validators.exportRange, [start + day, start])).toBe('validation.dateRangeOrder');
  });

  it('should report dateRangeTooLong with the limit beyond 366 days', () => {
    const result = validators.exportRange.safeParse([start, start + 366 * day + 1]);
    expect(fieldErrors(result.error ?? { issues: [] })).toEqual([
      { field: '', key: 'validation.dateRangeTooLong', params: { days: 366 } },
    ]);
  });
});

describe('validators.couponCode', () => {
  it('should accept a code and trim it', () => {
    expect(validators.couponCode.parse(' SAVE10 ')).toBe('SAVE10');
  });

  it('should report couponCodeRequired when empty', () => {
    expect(keyOf(validators.couponCode, '')).toBe('validation.couponCodeRequired');
    expect(keyOf(validators.couponCode, undefined)).toBe('validation.couponCodeRequired');
  });
});

describe('validators.thirdPartyAuthorisation', () => {
  it('should accept one or more selected accounts', () => {
    expect(keyOf(validators.thirdPartyAuthorisation, ['main'])).toBeUndefined();
    expect(keyOf(validators.thirdPartyAuthorisation, [1, 2])).toBeUndefined();
  });

  it('should report accountSelectionRequired for no selection', () => {
    expect(keyOf(validators.thirdPartyAuthorisation, [])).toBe(
      'validation.accountSelectionRequired',
    );
    expect(keyOf(validators.thirdPartyAuthorisation, undefined)).toBe(
      'validation.accountSelectionRequired',
    );
  });
});

describe('validators.termsAccepted', () => {
  it('should accept true only', () => {
    expect(keyOf(validators.termsAccepted, true)).toBeUndefined();
    expect(keyOf(validators.termsAccepted, false)).toBe('validation.termsRequired');
    expect(keyOf(validators.termsAccepted, undefined)).toBe('validation.termsRequired');
    expect(keyOf(validators.termsAccepted, 'true')).toBe('validation.termsRequired');
  });
});

describe('validators.ticket', () => {
  const withEmail = validators.ticket({ hasBoundEmail: true, hasAuthenticator: false });

  it('should accept a title and content when an email is bound', () => {
    expect(withEmail.parse({ title: ' Help ', content: 'My miner is offline' })).toEqual({
      title: 'Help',
      content: 'My miner is offline',
    });
  });

  it('should accept a title and content when only an authenticator is bound', () => {
    const withAuthenticator = validators.ticket({ hasBoundEmail: false, hasAuthenticator: true });
    expect(withAuthenticator.safeParse({ title: 'a', content: 'b' }).success).toBe(true);
  });

  it('should report a missing title and content', () => {
    const result = withEmail.safeParse({ title: ' ', content: '' });
    expect(fieldErrors(result.error ?? { issues: [] })).toEqual([
      { field: 'title', key: 'validation.ticketTitleRequired' },
      { field: 'content', key: 'validation.ticketContentRequired' },
    ]);
  });

  it('should report a title or content that is too long, with the limit', () => {
    const result = withEmail.safeParse({ title: 'x'.repeat(101), content: 'y'.repeat(2001) });
    expect(fieldErrors(result.error ?? { issues: [] })).toEqual([
      { field: 'title', key: 'validation.ticketTitleTooLong', params: { max: 100 } },
      { field: 'content', key: 'validation.ticketContentTooLong', params: { max: 2000 } },
    ]);
    expect(withEmail.safeParse({ title: 'x'.repeat(100), content: 'y'.repeat(2000) }).success).toBe(
      true,
    );
  });

  it('should report a form-level ticketContactRequired without email or authenticator', () => {
    const neither = validators.ticket({ hasBoundEmail: false, hasAuthenticator: false });
    expect(
      fieldErrors(neither.safeParse({ title: 'a', content: 'b' }).error ?? { issues: [] }),
    ).toEqual([{ field: '', key: 'validation.ticketContactRequired' }]);
    expect(fieldErrors(neither.safeParse({}).error ?? { issues: [] })).toContainEqual({
      field: '',
      key: 'validation.ticketContactRequired',
    });
  });
});

describe('validators.redPacketEmail', () => {
  const schema = validators.redPacketEmail('Miner@Example.com');

  it('should accept the bound email, ignoring case and spaces', () => {
    expect(keyOf(schema, ' miner@example.com ')).toBeUndefined();
  });

  it('should report redPacketEmailMismatch for another email', () => {
    expect(keyOf(schema, 'other@example.com')).toBe('validation.redPacketEmailMismatch');
  });

  it('should report the email keys first', () => {
    expect(keyOf(schema, '')).toBe('validation.emailRequired');
    expect(keyOf(schema, 'miner')).toBe('validation.emailInvalid');
  });
});

describe('validators.paymentEvidence', () => {
  it('should accept at least one document', () => {
    expect(keyOf(validators.paymentEvidence, ['receipt.png'])).toBeUndefined();
  });

  it('should report paymentEvidenceRequired for none', () => {
    expect(keyOf(validators.paymentEvidence, [])).toBe('validation.paymentEvidenceRequired');
    expect(keyOf(validators.paymentEvidence, undefined)).toBe('validation.paymentEvidenceRequired');
  });
});

describe('validators.timezone', () => {
  it('should accept UTC±hh:mm zones', () => {
    expect(keyOf(validators.timezone, 'UTC+08:00')).toBeUndefined();
    expect(keyOf(validators.timezone, 'UTC-05:30')).toBeUndefined();
  });

  it('should report timezoneInvalid for other values', () => {
    expect(keyOf(validators.timezone, 'UTC+8')).toBe('validation.timezoneInvalid');
    expect(keyOf(validators.timezone, 'Asia/Shanghai')).toBe('validation.timezoneInvalid');
    expect(keyOf(validators.timezone, undefined)).toBe('validation.timezoneInvalid');
  });
});

describe('validators.miningAddress', () => {
  it('should accept an address of the coin, trimmed', () => {
    const address = '0x52908400098527886E0F7030069857D2E4169EE7';
    expect(validators.miningAddress('etc').parse(` ${address} `)).toBe(address);
  });

  it('should report addressRequired when empty', () => {
    expect(keyOf(validators.miningAddress('kas'), '')).toBe('validation.addressRequired');
  });

  it('should report addressInvalid for an address of another shape', () => {
    expect(
      keyOf(validators.miningAddress('kas'), '0x52908400098527886E0F7030069857D2E4169EE7'),
    ).toBe('validation.addressInvalid');
  });
});
