import type { CoinInfo } from '../coins';

/** A coin's facts as the data states them; the rest of {@link CoinInfo} is derived. */
export type CoinEntry = Omit<
  CoinInfo,
  | 'id'
  | 'verified'
  | 'symbol'
  | 'displayDecimals'
  | 'hashrateUnit'
  | 'halvingAnchorHeight'
  | 'halvingRewardFactor'
  | 'blockRewardSinceHeight'
>;
