import type { CoinEntry } from './coinEntry';

/** The coins that can be mined to an address without an account (spec section 2). */
export type AddressCoinId = 'alph' | 'kas' | 'sumo' | 'zeph' | 'aleo';

/**
 * The facts of the coins mined to an address, from the project's coin data with its sources
 * and notes; SUMO, which the data lacks, is PoolKit's own entry.
 */
export const ADDRESS_COIN_ENTRIES: Record<AddressCoinId, CoinEntry> = {
  alph: {
    name: 'Alephium',
    algorithm: 'Blake3',
    algorithmNote: 'BlockFlow sharding: 4 groups, 16 chains',
    blockTimeSec: 8,
    blockReward: '0.15625',
    emissionRule:
      'Reward per chain-block = min(time-based, hashrate-based). Time-based max declines linearly from 60 to 20 ALPH per 64 s across all 16 chains over 4 years from launch (2021-11-08), stable afterwards; scaled by blockTime/64 s after Rhone (16 s, 2024-06-12) and Danube (8 s, 2025-07-15). Stable max = 20*(8/64)/16 = 0.15625 ALPH/block; PoLW burn above 1 EH/s',
    halvingIntervalBlocks: null,
    referenceHeight: null,
    referenceDate: '2025-07-15',
    referenceEvent: 'Danube upgrade (8 s blocks)',
    hashrateScale: 'PH/s (network), TH/s (miner)',
    chainDecimals: 18,
    addressMining: true,
    mineable: true,
    unverified: ['blockReward'],
    sources: [
      'alephium/alephium protocol/src/main/scala/org/alephium/protocol/mining/Emission.scala',
      'alephium/alephium flow/src/main/resources/network_mainnet.conf.tmpl (block-target-time 64/16/8 s; rhone 1718186400000; danube 1752573600000)',
      'alephium/alephium protocol/.../ALPH.scala (LaunchTimestamp 2021-11-08)',
    ],
    notes:
      '0.15625 is the cap after 2025-11-08 (4 years); actual reward may be lower via hashrate rule — verify against explorer.',
  },
  kas: {
    name: 'Kaspa',
    algorithm: 'kHeavyHash',
    algorithmNote: null,
    blockTimeSec: 0.1,
    blockReward: '2.75',
    emissionRule:
      'Pre-deflationary 500 KAS/s; chromatic phase from DAA 15,519,600 (~May 2022): 440 KAS/s reduced monthly by factor (1/2)^(1/12) (halves yearly), table SUBSIDY_BY_MONTH_TABLE. Crescendo (DAA 110,165,000, ~2025-05-05 15:00 UTC) -> 10 blocks/s, per-block subsidy = per-second value/10. Month 35 (at Crescendo): 58.27 KAS/s = 5.827 KAS/block; month 48 (~May 2026): 27.5 KAS/s = 2.75 KAS/block',
    halvingIntervalBlocks: null,
    referenceHeight: 110165000,
    referenceDate: '2025-05-05',
    referenceEvent: 'Crescendo (DAA score, not a height)',
    hashrateScale: 'PH/s (network), TH/s (miner)',
    chainDecimals: 8,
    addressMining: true,
    mineable: true,
    unverified: [],
    sources: [
      'kaspanet/rusty-kaspa consensus/src/processes/coinbase.rs (SUBSIDY_BY_MONTH_TABLE, SECONDS_PER_MONTH 2629800, subsidy_month)',
      "kaspanet/rusty-kaspa consensus/core/src/config/params.rs (deflationary_phase_daa_score 15778800-259200, pre_deflationary 500 KAS, BlockrateParams::new::<10>, crescendo_activation 110_165_000 'Roughly 2025-05-05 1500 UTC')",
    ],
    notes: "Reference 'height' is DAA score.",
  },
  sumo: {
    name: 'Sumokoin',
    algorithm: 'CryptoNight-R',
    algorithmNote: 'CryptoNight-R family; the variant now in force is not confirmed',
    blockTimeSec: 240,
    blockReward: null,
    emissionRule:
      'CryptoNote smooth emission towards MONEY_SUPPLY 88,888,888 SUMO (EMISSION_SPEED_FACTOR 19; the speed changes every 6 months and peaks in year 4), then a FINAL_SUBSIDY of 4 SUMO per block; genesis reward 8,800,000 SUMO (~10% premine). The current reward was not computed.',
    halvingIntervalBlocks: null,
    referenceHeight: 502617,
    referenceDate: '2021-01-16',
    referenceEvent: 'hard fork v11 (CLSAG only), timestamp 1610786571',
    hashrateScale: 'not in the data',
    chainDecimals: 9,
    addressMining: true,
    mineable: true,
    unverified: ['algorithm', 'displayDecimals'],
    sources: [
      'sumoprojects/sumokoin src/cryptonote_config.h (DIFFICULTY_TARGET 240, CRYPTONOTE_DISPLAY_DECIMAL_POINT 9, COIN 10^9, MONEY_SUPPLY 88888888000000000, EMISSION_SPEED_FACTOR 19, FINAL_SUBSIDY 4*10^9, GENESIS_BLOCK_REWARD 8800000000000000, address prefixes Sumo/Sumi/Subo)',
      'sumoprojects/sumokoin src/hardforks/hardforks.cpp (mainnet v11 at 502617, timestamp 1610786571)',
    ],
    notes:
      'Not in the project data; added by PoolKit and unverified as a whole. Algorithm from the data README (CryptoNight-R family); later sources of the Sumokoin repository also carry a RandomX slow hash, so the algorithm now in force is not confirmed. No per-block reward or hashrate scale stated. displayDecimals 4 is a PoolKit choice (like ZEPH), not a chain fact.',
  },
  zeph: {
    name: 'Zephyr Protocol',
    algorithm: 'RandomX',
    algorithmNote: null,
    blockTimeSec: 120,
    blockReward: null,
    emissionRule:
      'Monero-style: base=(MONEY_SUPPLY-generated)>>20, tail 0.6 ZEPH; split since HF v6 (height 360,000, 2024-10-13): 30% reserve, 5% governance, ~65% miner (earlier 20% reserve). Est. total ~10.3 ZEPH/block near h=536,000 -> ~6.7 ZEPH to miner (estimate)',
    halvingIntervalBlocks: null,
    referenceHeight: 536000,
    referenceDate: '2025-06-15',
    referenceEvent: 'hard fork v11',
    hashrateScale: 'MH/s (network), kH/s (CPU)',
    chainDecimals: 12,
    addressMining: true,
    mineable: true,
    unverified: ['emissionRule'],
    sources: [
      'ZephyrProtocol/zephyr src/cryptonote_config.h (EMISSION_SPEED_FACTOR_PER_MINUTE 21, FINAL_SUBSIDY_PER_MINUTE 3e11, DIFFICULTY_TARGET_V2 120)',
      'ZephyrProtocol/zephyr src/cryptonote_basic/cryptonote_basic_impl.cpp get_block_reward',
      'ZephyrProtocol/zephyr src/cryptonote_core/cryptonote_tx_utils.cpp (get_reserve_reward 30%/20%, get_governance_reward 5%)',
      'ZephyrProtocol/zephyr src/hardforks/hardforks.cpp (v11 at 536000 ~2025-06-15; launch 2023-05-29)',
    ],
    notes: 'Reward figure is an analytic estimate, not read from chain.',
  },
  aleo: {
    name: 'Aleo',
    algorithm: 'PoSW',
    algorithmNote: 'Provers solve the Proof-of-Succinct-Work coinbase puzzle; consensus is AleoBFT',
    blockTimeSec: 10,
    blockReward: null,
    emissionRule:
      'Coinbase reward R_coinbase = R_anchor(H)*min(P,C_R)/C; decays over ~10 years; max 190.258739 ALEO at block 1; puzzle (prover) reward = 2/3 of coinbase, 1/3 to stakers. Starting supply 1.5B',
    halvingIntervalBlocks: null,
    referenceHeight: null,
    referenceDate: '2024-09',
    referenceEvent: 'mainnet launch',
    hashrateScale: 'Sol/s (solutions/s; network MS/s)',
    chainDecimals: 6,
    addressMining: true,
    mineable: true,
    unverified: ['referenceDate'],
    sources: [
      'https://docs.rs/snarkvm-ledger-block/latest/snarkvm_ledger_block/fn.puzzle_reward.html (2/3 to provers)',
      'https://docs.rs/snarkvm-ledger-block/4.1.0/.../helpers/target.rs.html (MAX_COINBASE_REWARD 190_258_739 microcredits)',
      'snarkVM console network constants via find_string (BLOCK_TIME 10, ANCHOR_TIME 25)',
    ],
    notes:
      'Actual blocks are often faster than 10 s; current coinbase not confirmed. Mainnet date unverified.',
  },
};
