import type { CoinId } from '@poolkit/core';
import type { Dispatch } from 'react';
import type { SecondValidation } from '../../lib/moneyDialog/SecondValidation';
import type { WithdrawLabel } from './WithdrawDialog';
import type { WithdrawAction, WithdrawForm } from './withdrawReducer';

/** What every step of a withdrawal dialog is given. */
export interface WithdrawStepProps {
  /** The dialog's id: the fields' ids are built on it. */
  id: string;
  form: WithdrawForm;
  dispatch: Dispatch<WithdrawAction>;
  label: WithdrawLabel;
  coin: CoinId;
  symbol: string;
  validation: SecondValidation<'withdraw' | 'withdraw_address'>;
}

/** The figures of the amount and confirm steps, decimal strings. */
export interface WithdrawFigures {
  readonly available: string;
  readonly fee: string;
  /** The amount typed (trimmed), and whether it is a positive decimal. */
  readonly value: string;
  readonly valueOk: boolean;
  readonly receive: string;
  readonly total: string;
  /** What "All" fills: the balance less the fee. */
  readonly most: string;
}
