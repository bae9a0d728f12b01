/**
 * The withdrawal limits of every coin, in one table (the spec shows none of the values).
 *
 * How the figures were chosen: at the catalogue's demo reference prices (about CNY), the
 * minimum is worth some tens of yuan, so the fee is a small share of it; the fee is about a
 * chain's ordinary network fee, rounded up; a single chain transaction carries at most about
 * CNY 20,000–35,000 (what a hot wallet pays out at once; larger amounts are split into parts of
 * `maxSingle`); above about CNY 50,000–70,000 an operator audits the withdrawal first. So an
 * amount may be split without being audited, and an audited amount is always split.
 */
import type { CoinId } from '../../contract';

/** One coin's withdrawal limits (decimal strings). */
export interface CoinWithdrawRules {
  /** Smallest amount, inclusive (what the address receives). */
  readonly minAmount: string;
  /** Charged on top of the amount, once per withdrawal. */
  readonly fee: string;
  /** Amounts above this wait for an operator's audit (within 24 hours). */
  readonly manualAuditAbove: string;
  /** The most one chain transaction carries; larger amounts are split automatically. */
  readonly maxSingle: string;
  /** Withdrawals of the coin are open at all. */
  readonly enabled: boolean;
}

function rules(
  minAmount: string,
  fee: string,
  manualAuditAbove: string,
  maxSingle: string,
): CoinWithdrawRules {
  return { minAmount, fee, manualAuditAbove, maxSingle, enabled: true };
}

/** The limits per coin. */
export const WITHDRAW_RULES: Readonly<Record<CoinId, CoinWithdrawRules>> = {
  btc: rules('0.001', '0.0002', '0.1', '0.05'),
  ltc: rules('0.01', '0.001', '100', '50'),
  doge: rules('50', '2', '50000', '20000'),
  xmr: rules('0.01', '0.0005', '50', '20'),
  eth: rules('0.01', '0.002', '20', '10'),
  etc: rules('0.1', '0.01', '500', '200'),
  hns: rules('100', '0.1', '300000', '100000'),
  kda: rules('1', '0.01', '20000', '10000'),
  lbc: rules('10', '0.1', '200000', '100000'),
  ckb: rules('300', '1', '1000000', '500000'),
  stc: rules('1', '0.01', '50000', '20000'),
  dash: rules('0.05', '0.0001', '200', '100'),
  sc: rules('100', '1', '5000000', '2000000'),
  scp: rules('100', '1', '5000000', '2000000'),
  cfx: rules('1', '0.01', '200000', '100000'),
  'grin-c32': rules('1', '0.1', '50000', '20000'),
  pmeer: rules('1', '0.01', '50000', '20000'),
  rvn: rules('10', '1', '2000000', '1000000'),
  zec: rules('0.01', '0.0001', '20', '10'),
  dcr: rules('0.1', '0.001', '300', '100'),
  erg: rules('0.5', '0.01', '20000', '10000'),
  alph: rules('5', '0.01', '30000', '10000'),
  kas: rules('100', '1', '1000000', '500000'),
  sumo: rules('10', '0.1', '1000000', '500000'),
  zeph: rules('1', '0.01', '20000', '10000'),
  aleo: rules('1', '0.05', '50000', '20000'),
};

/** How long a manual audit may take: the spec's "within 24 h". */
export const MANUAL_AUDIT_DUE_MS = 24 * 3_600_000;

/**
 * How long withdrawals pause after a security change: the pay password, the phone, the email,
 * or a new withdraw address (spec section 9). The spec also quotes one message saying 12 hours
 * for an address change; PoolKit applies one rule, 24 hours, to every security change.
 */
export const SECURITY_CHANGE_PAUSE_MS = 24 * 3_600_000;
