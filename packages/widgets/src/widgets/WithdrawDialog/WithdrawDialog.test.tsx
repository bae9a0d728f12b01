import { describe, expect, it } from 'vitest';
import { withdrawalParts } from './WithdrawDialog';
import { initialWithdrawForm, withdrawReducer } from './withdrawReducer';

describe('withdrawalParts', () => {
  it('should split a withdrawal into transactions of at most the largest single amount', () => {
    expect(withdrawalParts('0.5', '1')).toBe(1);
    expect(withdrawalParts('1', '1')).toBe(1);
    expect(withdrawalParts('1.000000000000000001', '1')).toBe(2);
    expect(withdrawalParts('12.5', '5')).toBe(3);
    expect(withdrawalParts('1000000', '0.1')).toBe(10_000_000);
  });

  it('should count one transaction when there is no usable limit', () => {
    expect(withdrawalParts('3', '0')).toBe(1);
  });
});

describe('withdrawReducer', () => {
  const start = initialWithdrawForm('11', 'alice');

  it('should open on a fresh form but keep a request under way', () => {
    const used = withdrawReducer(
      { ...start, amount: '1', code: '123456', step: 'confirm', busy: true },
      { type: 'open', addressId: '12', fromAccount: 'bob' },
    );
    expect(used).toEqual({ ...initialWithdrawForm('12', 'bob'), busy: true });
  });

  it('should show a refused field on its step, with the address form for its fields', () => {
    const onConfirm = { ...start, step: 'confirm' as const };
    const amount = withdrawReducer(onConfirm, { type: 'refused', errors: { amount: 'Too much' } });
    expect(amount.step).toBe('amount');
    expect(amount.adding).toBe(false);
    const alias = withdrawReducer(onConfirm, { type: 'refused', errors: { alias: 'Taken' } });
    expect(alias).toMatchObject({ step: 'address', adding: true, errors: { alias: 'Taken' } });
    const form = withdrawReducer(onConfirm, { type: 'refused', errors: { form: 'Offline' } });
    expect(form).toMatchObject({ step: 'confirm', errors: { form: 'Offline' } });
  });

  it('should close the address form empty once the address is saved', () => {
    const typed = {
      ...start,
      adding: true,
      alias: 'Cold',
      newAddress: 'bc1q',
      publicKey: 'ab',
      addressCode: '123456',
      amount: '2',
    };
    expect(withdrawReducer(typed, { type: 'addressSaved' })).toEqual({ ...start, amount: '2' });
  });

  it('should forget the problems shown when the step or the address form changes', () => {
    const shown = { ...start, errors: { addressId: 'Choose one' } };
    expect(withdrawReducer(shown, { type: 'step', step: 'amount' }).errors).toEqual({});
    expect(withdrawReducer(shown, { type: 'adding', adding: true }).errors).toEqual({});
    const one = withdrawReducer(shown, { type: 'error', field: 'code', message: 'Not sent' });
    expect(one.errors).toEqual({ addressId: 'Choose one', code: 'Not sent' });
  });
});
