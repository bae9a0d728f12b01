import type { CoinDisplayDecimals } from '../constants';
import { COIN_DISPLAY } from './coinDisplay';
import { COIN_HASHRATE_UNITS, type HashrateBaseUnit } from './coinHashrateUnits';
import type { CoinId } from './coinIds';

/** A fact of {@link CoinInfo} that sources may contradict or that no primary source confirms yet. */
export type CoinFact =
  | 'symbol'
  | 'algorithm'
  | 'blockTimeSec'
  | 'blockReward'
  | 'emissionRule'
  | 'halvingIntervalBlocks'
  | 'referenceHeight'
  | 'referenceDate'
  | 'hashrateUnit'
  | 'chainDecimals'
  | 'displayDecimals';

/**
 * What PoolKit knows about a coin, copied from the project's coin data
 * (`shared/data/coins.json`) with its sources and notes. Chain state moves: rewards and heights
 * are as of their reference dates.
 */
export interface CoinInfo {
  /** Lower-case id used in routes and API paths, e.g. `'grin-c32'`. */
  readonly id: CoinId;
  /** Ticker, e.g. `'GRIN'` for `grin-c32`, `'MEER'` for `pmeer`. */
  readonly symbol: string;
  readonly name: string;
  /** The algorithm's short name, e.g. `'BLAKE3'`. */
  readonly algorithm: string;
  /** What the short name leaves out (a variant, a past algorithm); `null` when nothing. */
  readonly algorithmNote: string | null;
  /** Target (or typical) seconds between blocks; `null` when not sourced. */
  readonly blockTimeSec: number | null;
  /**
   * Block reward to the miner as a decimal string, as of the reference date; `null` when it
   * varies with height or could not be stated (see `emissionRule`).
   */
  readonly blockReward: string | null;
  /** How the reward develops, in words. */
  readonly emissionRule: string;
  /**
   * Blocks between halvings; `null` when the coin does not halve. For ETC it is the length of a
   * 20 %-reduction era (ECIP-1017), as in the data.
   */
  readonly halvingIntervalBlocks: number | null;
  /**
   * A height at which a halving (for ETC: an era step) took place; halvings fall at this height
   * plus whole multiples of `halvingIntervalBlocks`. `null` when the coin does not halve. 0 for
   * chains that halve at multiples of the interval (BTC, LTC, HNS, RVN); ZEC's halvings are not
   * (Blossom doubled the interval at 653,600), and ETC's eras start one block after a multiple.
   * Every countdown (server, home page, widget) counts from it, so heights, dates and days agree.
   */
  readonly halvingAnchorHeight: number | null;
  /**
   * What a halving multiplies the reward by, as a decimal string: `'0.5'`, or `'0.8'` for ETC's
   * 20 % era steps; `null` when the coin does not halve.
   */
  readonly halvingRewardFactor: string | null;
  /**
   * The halving height from which `blockReward` is paid (BTC 840,000 for 3.125), so the reward
   * at any other height follows from the schedule; `null` when the coin does not halve.
   */
  readonly blockRewardSinceHeight: number | null;
  /** A height of a known event (see `referenceEvent`), for countdowns; `null` when unknown. */
  readonly referenceHeight: number | null;
  /** ISO date (`YYYY-MM-DD`, or `YYYY-MM` when only the month is known) of the reference. */
  readonly referenceDate: string | null;
  /** What the reference height or date marks, e.g. `'4th halving'`. */
  readonly referenceEvent: string | null;
  /** Base unit of hashrates, see {@link HashrateBaseUnit}. */
  readonly hashrateUnit: HashrateBaseUnit;
  /** The data's note on typical network and miner hashrate scales. */
  readonly hashrateScale: string;
  /** Decimal places of the chain's smallest unit (BTC 8, XMR 12, …). */
  readonly chainDecimals: number;
  /** Decimal places PoolKit shows for amounts of the coin (4 or 6). */
  readonly displayDecimals: CoinDisplayDecimals;
  /**
   * True when the coin can be mined to an address without an account (the `/mining/:coin`
   * pages). Spec section 2 opens them for alph, kas, sumo, zeph and aleo only.
   */
  readonly addressMining: boolean;
  /** False for ETH, which left proof of work at the Merge (2022). */
  readonly mineable: boolean;
  /** Facts no primary source confirms yet: estimated, contradicted or possibly outdated. */
  readonly unverified: readonly CoinFact[];
  /** True when no fact of the entry is in `unverified`. */
  readonly verified: boolean;
  /** Where the facts come from. */
  readonly sources: readonly string[];
  /** What the data says was not verified, and other caveats. */
  readonly notes: string;
}

type CoinEntry = Omit<
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

/**
 * The halving schedule of each coin that halves (see {@link CoinInfo.halvingAnchorHeight},
 * {@link CoinInfo.halvingRewardFactor}, {@link CoinInfo.blockRewardSinceHeight}), from the
 * emission rules: ZEC halved at 1,046,400 and 2,726,400 (NU6) with a 1,680,000-block interval;
 * ETC's ECIP-1017 eras start at 5,000,001, 10,000,001, … and its 2.048 is era 5's (from
 * 20,000,001, later than its reference height); HNS pays 1,000 from 170,000.
 */
const HALVING_SCHEDULES: Partial<
  Record<CoinId, { anchor: number; factor: string; rewardSince: number }>
> = {
  btc: { anchor: 0, factor: '0.5', rewardSince: 840_000 },
  ltc: { anchor: 0, factor: '0.5', rewardSince: 2_520_000 },
  etc: { anchor: 1, factor: '0.8', rewardSince: 20_000_001 },
  hns: { anchor: 0, factor: '0.5', rewardSince: 170_000 },
  rvn: { anchor: 0, factor: '0.5', rewardSince: 2_100_000 },
  zec: { anchor: 2_726_400, factor: '0.5', rewardSince: 2_726_400 },
};

const COIN_ENTRIES: Record<CoinId, CoinEntry> = {
  btc: {
    name: 'Bitcoin',
    algorithm: 'SHA-256d',
    algorithmNote: null,
    blockTimeSec: 600,
    blockReward: '3.125',
    emissionRule:
      '50 BTC initial, halves every 210,000 blocks; 3.125 BTC since block 840,000 (next halving at 1,050,000 -> 1.5625)',
    halvingIntervalBlocks: 210000,
    referenceHeight: 840000,
    referenceDate: '2024-04-20',
    referenceEvent: '4th halving',
    hashrateScale: 'EH/s (network), TH/s (miner)',
    chainDecimals: 8,
    addressMining: false,
    mineable: true,
    unverified: ['referenceDate'],
    sources: [
      'https://rdrr.io/cran/rbtc/man/bkfee.html (halving every 210,000 blocks)',
      'oliverw/miningcore src/Miningcore/coins.json (commit a553f623, 2023-01-31) (sha256d)',
    ],
    notes:
      'Reference height/date is the well-known 4th halving; date not re-verified against a primary source.',
  },
  ltc: {
    name: 'Litecoin',
    algorithm: 'Scrypt',
    algorithmNote: null,
    blockTimeSec: 150,
    blockReward: '6.25',
    emissionRule:
      '50 LTC initial, halves every 840,000 blocks; 6.25 LTC since block 2,520,000 (3rd halving); next at 3,360,000',
    halvingIntervalBlocks: 840000,
    referenceHeight: 2520000,
    referenceDate: '2023-08-02',
    referenceEvent: '3rd halving',
    hashrateScale: 'TH/s (network), GH/s (miner)',
    chainDecimals: 8,
    addressMining: false,
    mineable: true,
    unverified: ['referenceDate'],
    sources: [
      'oliverw/miningcore src/Miningcore/coins.json (commit a553f623, 2023-01-31) (scrypt, shareMultiplier 65536)',
    ],
    notes:
      'Interval and spacing are Litecoin consensus constants (nSubsidyHalvingInterval=840000, 2.5 min). Halving date unverified: not yet checked against a primary source. Merge-mined with DOGE.',
  },
  doge: {
    name: 'Dogecoin',
    algorithm: 'Scrypt',
    algorithmNote: 'AuxPoW, merge-mined with LTC',
    blockTimeSec: 60,
    blockReward: '10000',
    emissionRule: 'Fixed 10,000 DOGE per block since block 600,000 (Feb 2015); no halving',
    halvingIntervalBlocks: null,
    referenceHeight: 600000,
    referenceDate: '2015-02',
    referenceEvent: 'start of the fixed 10,000 DOGE reward',
    hashrateScale: 'TH/s',
    chainDecimals: 8,
    addressMining: false,
    mineable: true,
    unverified: ['blockReward', 'emissionRule', 'referenceHeight', 'referenceDate'],
    sources: [
      'oliverw/miningcore src/Miningcore/coins.json (commit a553f623, 2023-01-31) (dogecoin: scrypt, shareMultiplier 65536)',
    ],
    notes: 'Fixed-reward rule unverified: not yet checked against a primary source.',
  },
  xmr: {
    name: 'Monero',
    algorithm: 'RandomX',
    algorithmNote: null,
    blockTimeSec: 120,
    blockReward: '0.6',
    emissionRule:
      'Smooth emission reward=(M-A)>>19 ended; tail emission 0.6 XMR/block since 2022-06-09 (can be lower with block-size penalty)',
    halvingIntervalBlocks: null,
    referenceHeight: 2641623,
    referenceDate: '2022-06-09',
    referenceEvent: 'start of tail emission',
    hashrateScale: 'GH/s (network), kH/s (CPU miner)',
    chainDecimals: 12,
    addressMining: false,
    mineable: true,
    unverified: ['referenceHeight'],
    sources: [
      'https://ascend-digital.neocities.org/monero-tail-emission-day.html (tail emission began 2022-06-09 00:28:57 UTC)',
      'https://librejo.monerodevs.org/monero-project/monero-site/... moneropedia/tail-emission.md (0.6 XMR or less)',
      'oliverw/miningcore src/Miningcore/coins.json (commit a553f623, 2023-01-31)',
    ],
    notes:
      'Tail-emission start height 2,641,623 unverified; the date is sourced. Miningcore hashrate for CryptoNote = sum(share difficulty)/seconds (no 2^32).',
  },
  eth: {
    name: 'Ethereum',
    algorithm: 'Ethash',
    algorithmNote: 'Proof of work retired; Ethereum now runs on proof of stake',
    blockTimeSec: 12,
    blockReward: null,
    emissionRule:
      'PoW ended at The Merge (2022-09-15, ~block 15,537,393); pre-merge reward 2 ETH + uncles since Constantinople. No longer mineable; pools redirect to ETC.',
    halvingIntervalBlocks: null,
    referenceHeight: 15537393,
    referenceDate: '2022-09-15',
    referenceEvent: 'The Merge (end of proof of work)',
    hashrateScale: 'n/a (PoS)',
    chainDecimals: 18,
    addressMining: false,
    mineable: false,
    unverified: ['referenceHeight', 'referenceDate'],
    sources: [
      'https://www.cryptoscoop.io/ethereum-classic-conducts-second-block-reward-reduction/ (ETH switching to PoS context)',
    ],
    notes: 'Merge height and date unverified: not yet checked against a primary source.',
  },
  etc: {
    name: 'Ethereum Classic',
    algorithm: 'Etchash',
    algorithmNote: 'ECIP-1099, a modified Ethash',
    blockTimeSec: 13,
    blockReward: '2.048',
    emissionRule:
      "ECIP-1017 '5M20': reward cut 20% every 5,000,000 blocks. Era1 5, Era2 4 (5,000,001; 2017-12-11), Era3 3.2 (10,000,001; 2020-03-16/17), Era4 2.56 (15,000,001; 2022-04-26), Era5 2.048 (20,000,001; ~May 2024), Era6 1.6384 (25,000,001)",
    halvingIntervalBlocks: 5000000,
    referenceHeight: 15000001,
    referenceDate: '2022-04-26',
    referenceEvent: 'start of era 4 (ECIP-1017)',
    hashrateScale: 'TH/s (network), MH/s/GH/s (miner)',
    chainDecimals: 18,
    addressMining: false,
    mineable: true,
    unverified: [],
    sources: [
      'https://ethereumclassic.com/news/monetary-policy-fixed',
      'https://ethereumclassicwallet.com/articles/ethereum-classic-fifthening',
      'https://messari.io/report/ethereum-classic-to-undergo-block-reward-reduction-amid-market-uncertainty',
    ],
    notes:
      "'halvingIntervalBlocks' here is the 20%-reduction era length. Block time ~13 s is typical, not a hard target.",
  },
  hns: {
    name: 'Handshake',
    algorithm: 'BLAKE2b+SHA-3',
    algorithmNote: "Handshake's proof of work",
    blockTimeSec: 600,
    blockReward: '1000',
    emissionRule:
      'BASE_REWARD 2000 HNS, halves every 170,000 blocks (reward = floor(2000/2^floor(h/170000)), 0 after 52 halvings). 1000 HNS from 170,000; 500 HNS from 340,000',
    halvingIntervalBlocks: 170000,
    referenceHeight: 100000,
    referenceDate: null,
    referenceEvent: 'last checkpoint of hsd mainnet',
    hashrateScale: 'TH/s (network), TH/s/GH/s (miner)',
    chainDecimals: 6,
    addressMining: false,
    mineable: true,
    unverified: ['blockReward'],
    sources: [
      'handshake-org/hsd lib/protocol/consensus.js (BASE_REWARD=2000*COIN, getReward)',
      'handshake-org/hsd lib/protocol/networks.js (main.halvingInterval=170000, main.pow.targetSpacing=10*60, checkpoints to 100000)',
    ],
    notes:
      'Current reward depends on height: 1000 if 170,000<=h<340,000, 500 after 340,000 (~mid-2026 at 10-min blocks from Feb-2020 launch — estimate). No dated reference height confirmed.',
  },
  kda: {
    name: 'Kadena',
    algorithm: 'Blake2s',
    algorithmNote: 'Kadena Blake2s-256',
    blockTimeSec: 30,
    blockReward: '0.938634',
    emissionRule:
      'rewards/miner_rewards.csv: total reward per block height across all chains, decaying every 87,600 heights (~1 month… 3-month periods per source comment) over ~120 years; per-block reward = table value / chain count (20 chains). At height 6,269,344 table = 18.77268 KDA -> 0.9386 KDA/block',
    halvingIntervalBlocks: null,
    referenceHeight: 6269344,
    referenceDate: '2025-10-16',
    referenceEvent: 'Chainweb231Pact fork',
    hashrateScale: 'PH/s (network), TH/s (miner)',
    chainDecimals: 12,
    addressMining: false,
    mineable: true,
    unverified: [],
    sources: [
      'kadena-io/chainweb-node rewards/miner_rewards.csv',
      'kadena-io/chainweb-node src/Chainweb/MinerReward.hs (blockMinerReward = table/number of chains)',
      'kadena-io/chainweb-node src/Chainweb/Version/Mainnet.hs (Chainweb231Pact at 6_269_344 -- 2025-10-16; BlockDelay 30_000_000 µs; genesis 2019-10-30)',
    ],
    notes:
      'Block time is per chain (20 chains). Reports of Kadena org wind-down (late 2025) NOT verified.',
  },
  lbc: {
    name: 'LBRY Credits',
    algorithm: 'LBRY',
    algorithmNote: 'SHA-256 + SHA-512 + RIPEMD-160',
    blockTimeSec: 150,
    blockReward: null,
    emissionRule:
      '500 LBC at block 55,001 then decreasing by 1 LBC per triangular level: level=(h-55001)/32, reduction r = max r with r(r+1)/2<=level; reward=500-r (0 when r>=500). ~161 LBC at h=1,900,000',
    halvingIntervalBlocks: null,
    referenceHeight: null,
    referenceDate: null,
    referenceEvent: null,
    hashrateScale: 'TH/s (network), GH/s (miner)',
    chainDecimals: 8,
    addressMining: false,
    mineable: true,
    unverified: [],
    sources: [
      'lbryio/lbrycrd src/validation.cpp GetBlockSubsidy',
      'lbryio/lbrycrd src/chainparams.cpp (nSubsidyLevelInterval=1<<5, nPowTargetSpacing=150)',
    ],
    notes: 'No recent height/date confirmed; compute reward from height.',
  },
  ckb: {
    name: 'Nervos CKB',
    algorithm: 'Eaglesong',
    algorithmNote: null,
    blockTimeSec: 10,
    blockReward: null,
    emissionRule:
      'Primary issuance 4.2B CKB/yr initially (1,917,808.219 CKB per 4-h epoch), halving every 8,760 epochs (4 years; 1st Nov 2023); plus secondary issuance 1.344B CKB/yr (613,698.63 CKB/epoch) shared with NervosDAO/treasury/state-occupation. Epoch length 300-1800 blocks targeting 4 h; block interval bounded 8-48 s',
    halvingIntervalBlocks: null,
    referenceHeight: null,
    referenceDate: '2019-11-16',
    referenceEvent: 'genesis (timestamp 1573852190812)',
    hashrateScale: 'PH/s (network), TH/s (miner)',
    chainDecimals: 8,
    addressMining: false,
    mineable: true,
    unverified: [],
    sources: [
      'nervosnetwork/ckb spec/src/consensus.rs (INITIAL_PRIMARY_EPOCH_REWARD, DEFAULT_SECONDARY_EPOCH_REWARD, DEFAULT_EPOCH_DURATION_TARGET=4h, MIN/MAX_BLOCK_INTERVAL 8/48, halving every 4 years)',
      'nervosnetwork/ckb resource/specs/mainnet.toml (Eaglesong, genesis timestamp)',
    ],
    notes:
      'blockTimeSec ~8-10 s typical (dynamic); per-block reward = epoch reward / epoch length, varies.',
  },
  stc: {
    name: 'Starcoin',
    algorithm: 'CryptoNight',
    algorithmNote: 'Starcoin consensus strategy 3',
    blockTimeSec: 10,
    blockReward: '10',
    emissionRule:
      'base_reward_per_block 10 STC (10,000,000,000 nanoSTC, 9 decimals), uncle reward 10%; block time target dynamic 5-60 s around 10 s base; reward governable on-chain',
    halvingIntervalBlocks: null,
    referenceHeight: null,
    referenceDate: null,
    referenceEvent: null,
    hashrateScale: 'MH/s / GH/s',
    chainDecimals: 9,
    addressMining: false,
    mineable: true,
    unverified: ['blockTimeSec'],
    sources: [
      'starcoinorg/starcoin config/example/main/genesis_config.json (consensus_config: base_block_time_target 10000, base_reward_per_block 10000000000, strategy 3, min/max 5000/60000)',
      'starcoinorg/starcoin consensus/src/cn.rs (CryptoNight)',
    ],
    notes:
      'genesis_config2.json (newer DAG config) shows base_block_time_target 1000 ms — possible v2 change, unconfirmed.',
  },
  dash: {
    name: 'Dash',
    algorithm: 'X11',
    algorithmNote: null,
    blockTimeSec: 150,
    blockReward: null,
    emissionRule:
      'Subsidy reduced by 1/14 (~7.14%) every 210,240 blocks (~1 year); reward split between miners, masternodes and treasury',
    halvingIntervalBlocks: null,
    referenceHeight: null,
    referenceDate: null,
    referenceEvent: null,
    hashrateScale: 'PH/s (network), GH/s/TH/s (miner)',
    chainDecimals: 8,
    addressMining: false,
    mineable: true,
    unverified: ['emissionRule'],
    sources: [
      'oliverw/miningcore src/Miningcore/coins.json (commit a553f623, 2023-01-31) (dash: x11)',
    ],
    notes:
      'Emission rule, current reward and miner share unverified: not yet checked against a primary source.',
  },
  sc: {
    name: 'Siacoin',
    algorithm: 'BLAKE2b',
    algorithmNote: 'Sia',
    blockTimeSec: 600,
    blockReward: '30000',
    emissionRule:
      'InitialCoinbase 300,000 SC minus 1 SC per block, floor MinimumCoinbase 30,000 SC (floor reached at height 270,000)',
    halvingIntervalBlocks: null,
    referenceHeight: 530000,
    referenceDate: '2025-07-04',
    referenceEvent: 'v2 hard fork required (RequireHeight)',
    hashrateScale: 'PH/s (network), TH/s (miner)',
    chainDecimals: 24,
    addressMining: false,
    mineable: true,
    unverified: [],
    sources: [
      "SiaFoundation/coreutils chain/network.go (InitialCoinbase 300000, MinimumCoinbase 30000, BlockInterval 10 min, HardforkV2 AllowHeight 526000 'June 6th 2025', RequireHeight 530000 'July 4th 2025', FinalCutHeight 552100 'December 1st 2025')",
    ],
    notes: '',
  },
  scp: {
    name: 'ScPrime',
    algorithm: 'BLAKE2b',
    algorithmNote: 'Sia variant; an algorithm change is proposed (SCIP020)',
    blockTimeSec: 600,
    blockReward: '10',
    emissionRule:
      '300 SCP declining by 0.001 SCP per block with a 10 SCP floor (floor reached ~2024); SCIP020 proposes flat 50 SCP for 5 yrs + new algorithm',
    halvingIntervalBlocks: null,
    referenceHeight: null,
    referenceDate: '2018-10-31',
    referenceEvent: 'genesis',
    hashrateScale: 'TH/s',
    chainDecimals: 27,
    addressMining: false,
    mineable: true,
    unverified: ['algorithm', 'blockReward'],
    sources: [
      'https://scpri.me/project-specifications/',
      'https://scpri.me/tokenomics/',
      'https://scpri.me/scip020-algochange/',
    ],
    notes:
      'Whether SCIP020 (50 SCP, new algo) activated is NOT confirmed. Display precision 10^27 per scpri.me.',
  },
  cfx: {
    name: 'Conflux',
    algorithm: 'Octopus',
    algorithmNote: null,
    blockTimeSec: 0.5,
    blockReward: '2',
    emissionRule:
      'Initial base mining reward 7 CFX/block; 2 CFX/block after Tanzanite (CIP-40); since Hydra (v2.0) the PoW base reward is a DAO-voted parameter',
    halvingIntervalBlocks: null,
    referenceHeight: null,
    referenceDate: null,
    referenceEvent: null,
    hashrateScale: 'TH/s (network), MH/s/GH/s (miner)',
    chainDecimals: 18,
    addressMining: false,
    mineable: true,
    unverified: ['blockReward'],
    sources: [
      'Conflux-Chain/conflux-rust cfx_parameters consensus_internal (INITIAL_BASE_MINING_REWARD_IN_UCFX=7_000_000, MINING_REWARD_TANZANITE_IN_UCFX=2_000_000) via find_string',
      'https://learn.protocolstaking.info/detailed-explainers/staking-mechanism/conflux (0.5 s blocks)',
    ],
    notes: 'Current DAO-voted reward value not confirmed.',
  },
  'grin-c32': {
    name: 'Grin (Cuckatoo32 / grin-c32)',
    algorithm: 'Cuckatoo32',
    algorithmNote: 'C32',
    blockTimeSec: 60,
    blockReward: '60',
    emissionRule: 'Constant 60 GRIN per block (1 GRIN/s) forever; no halving',
    halvingIntervalBlocks: null,
    referenceHeight: 0,
    referenceDate: '2019-01-15',
    referenceEvent: 'mainnet launch',
    hashrateScale: 'gps (graphs per second; Kgps network)',
    chainDecimals: 9,
    addressMining: false,
    mineable: true,
    unverified: ['referenceDate'],
    sources: [
      'mimblewimble/grin core/src/consensus.rs (BLOCK_TIME_SEC=60, REWARD=BLOCK_TIME_SEC*GRIN_BASE)',
    ],
    notes: 'Hashrate unit is graphs per second (gps). Launch date unverified.',
  },
  pmeer: {
    name: 'Qitmeer (PMEER/MEER)',
    algorithm: 'MeerXKeccakV1',
    algorithmNote: null,
    blockTimeSec: 30,
    blockReward: '10',
    emissionRule:
      'BaseSubsidy 10 MEER per block, MulSubsidy 0 -> constant 10 until block 7,986,093 then 0 (WorkRewardProportion 10 = 100% PoW)',
    halvingIntervalBlocks: null,
    referenceHeight: 0,
    referenceDate: '2021-09-29',
    referenceEvent: 'genesis (1632913200)',
    hashrateScale: 'GH/s / TH/s',
    chainDecimals: 8,
    addressMining: false,
    mineable: true,
    unverified: [],
    sources: [
      'Qitmeer/qng params/params_mainnet.go (mainTargetTimePerBlock=30, BaseSubsidy 10*1e8, SubsidyReductionInterval 7986093, MeerXKeccakV1)',
      'Qitmeer/qng params/genesis.go (genesisTime 2021-09-29)',
    ],
    notes: "Symbol on pools often 'PMEER'.",
  },
  rvn: {
    name: 'Ravencoin',
    algorithm: 'KawPoW',
    algorithmNote: null,
    blockTimeSec: 60,
    blockReward: '2500',
    emissionRule:
      '5000 RVN initial, halves every 2,100,000 blocks; 1st halving 2022-01-11 (->2500); 2nd at 4,200,000 (expected early 2026 -> 1250)',
    halvingIntervalBlocks: 2100000,
    referenceHeight: 2100000,
    referenceDate: '2022-01-11',
    referenceEvent: '1st halving',
    hashrateScale: 'TH/s (network), MH/s (GPU)',
    chainDecimals: 8,
    addressMining: false,
    mineable: true,
    unverified: ['blockReward'],
    sources: [
      'https://ravencoin.org/halving/',
      'https://596885.xyz/2144.html (first halving Jan 11 2022; next ~early 2026 at 4,200,000)',
      'https://tokenradar.ai/tokens/ravencoin/tokenomics',
    ],
    notes: 'If current height >= 4,200,000 the reward is 1250 RVN; verify height.',
  },
  zec: {
    name: 'Zcash',
    algorithm: 'Equihash (200,9)',
    algorithmNote: null,
    blockTimeSec: 75,
    blockReward: '1.5625',
    emissionRule:
      '12.5 ZEC initial (slow start 20k blocks); halving interval 840,000 blocks pre-Blossom (150 s) = 1,680,000 blocks post-Blossom (75 s). Halvings at 1,046,400 (2020-11-18, ->3.125) and 2,726,400 (NU6, ~2024-11-23, ->1.5625). Miner share 80% (NU6: 12% lockbox + 8% ZCG)',
    halvingIntervalBlocks: 1680000,
    referenceHeight: 2726400,
    referenceDate: '2024-11-23',
    referenceEvent: '2nd halving (NU6)',
    hashrateScale: 'GSol/s (network), kSol/s (miner)',
    chainDecimals: 8,
    addressMining: false,
    mineable: true,
    unverified: ['emissionRule'],
    sources: [
      'https://docs.rs/crate/zebra-chain/14.0.0/source/src/parameters/network/subsidy/constants.rs (PRE_BLOSSOM_HALVING_INTERVAL 840_000, POST_BLOSSOM x2)',
      'https://sourceforge.net/projects/zcash.mirror/files/v6.0.0 (NU6 activation 2726400 ~ Nov 23 2024)',
      'https://creativevirtualoffice.net/2020/11/11/zcash-zec-halving-to-coincide-with-canopy-upgrade-on-nov-18th/ (1,046,400; 80% miners)',
    ],
    notes:
      'The post-Blossom halving interval is 1,680,000 blocks (not 1,050,000). NU6 12%/8% split unverified. Later upgrades NU6.1/6.2/6.3/NU7 (2025-2026) exist per zebra docs; ZIP-218/NU7 may change the block time (unverified). Miningcore Equihash hashrate = shares*2^32/t/1e6*2 / hashrateDivisor.',
  },
  dcr: {
    name: 'Decred',
    algorithm: 'BLAKE3',
    algorithmNote: 'Since DCP-0011; BLAKE-256 (14 rounds) before',
    blockTimeSec: 300,
    blockReward: '0.0592',
    emissionRule:
      'BaseSubsidy 31.19582664 DCR, x100/101 every 6,144 blocks; split since DCP-0012: 1% PoW, 89% PoS, 10% treasury (DCP-0010 was 10/80/10). At h=1,026,597 full subsidy ~5.9214 DCR -> PoW ~0.0592 DCR',
    halvingIntervalBlocks: null,
    referenceHeight: 1026597,
    referenceDate: null,
    referenceEvent: 'dcrd AssumeValid height',
    hashrateScale: 'TH/s / PH/s',
    chainDecimals: 8,
    addressMining: false,
    mineable: true,
    unverified: [],
    sources: [
      'decred/dcrd chaincfg/mainnetparams.go (TargetTimePerBlock 5m, BaseSubsidy, Mul/Div 100/101, SubsidyReductionInterval 6144, AssumeValid Height 1026597, VoteIDBlake3Pow DCP0011)',
      'decred/dcrd blockchain/standalone/subsidy.go (SSVDCP0010 10%, SSVDCP0012 1% work)',
    ],
    notes:
      'BLAKE256 ASICs (Antminer DR5 etc.) are obsolete for DCR since BLAKE3 switch. Date of ref height unknown (~late 2025 est.).',
  },
  erg: {
    name: 'Ergo',
    algorithm: 'Autolykos v2',
    algorithmNote: null,
    blockTimeSec: 120,
    blockReward: null,
    emissionRule:
      '75 ERG/block for first 525,600 blocks, then minus 3 ERG every 64,800 blocks (epoch=1+(h-525600)//64800; total=75-3*epoch). EIP-27 from 777,217: 12 ERG/block (if emission>=15) diverted to re-emission contract, paid back 3 ERG/block from 2,080,800. e.g. h=1,500,000 -> 27 total, ~15 to miner',
    halvingIntervalBlocks: null,
    referenceHeight: 417792,
    referenceDate: '2021-02-01',
    referenceEvent: 'Autolykos v2 activation (date approximate)',
    hashrateScale: 'TH/s (network), MH/s (GPU)',
    chainDecimals: 9,
    addressMining: false,
    mineable: true,
    unverified: ['referenceDate'],
    sources: [
      'ergoplatform/ergo src/main/resources/application.conf (fixedRatePeriod 525600, fixedRate 75 ERG, epochLength 64800, oneEpochReduction 3 ERG, blockInterval 2m)',
      "ergoplatform/ergo src/main/resources/mainnet.conf (version2ActivationHeight 417792 'around Feb 1st 2021'; reemission activationHeight 777217, reemissionStartHeight 2080800)",
      'ergoplatform/ergo ergo-core/.../ReemissionRules.scala (basicChargeAmount 12)',
    ],
    notes: 'Miningcore Ergo: ShareMultiplier 256, hashrate = shares*2^32*256/t*1.15.',
  },
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

function buildCoins(): Record<CoinId, CoinInfo> {
  const coins = {} as Record<CoinId, CoinInfo>;
  for (const [id, entry] of Object.entries(COIN_ENTRIES) as [CoinId, CoinEntry][]) {
    coins[id] = Object.freeze({
      id,
      ...COIN_DISPLAY[id],
      hashrateUnit: COIN_HASHRATE_UNITS[id],
      ...entry,
      halvingAnchorHeight: HALVING_SCHEDULES[id]?.anchor ?? null,
      halvingRewardFactor: HALVING_SCHEDULES[id]?.factor ?? null,
      blockRewardSinceHeight: HALVING_SCHEDULES[id]?.rewardSince ?? null,
      verified: entry.unverified.length === 0,
    });
  }
  return Object.freeze(coins);
}

/**
 * Every coin PoolKit knows, by id. Copied from the project's coin data with its sources and
 * notes; SUMO, which the data lacks, is PoolKit's own entry and `verified: false`. Facts the data
 * marks as recalled or estimated are listed in each entry's `unverified`.
 *
 * @example
 * COINS.btc.blockReward // '3.125'
 * COINS['grin-c32'].hashrateUnit // 'gps'
 */
export const COINS: Readonly<Record<CoinId, CoinInfo>> = buildCoins();

/**
 * The facts of one coin.
 *
 * @example
 * getCoin('kas').displayDecimals // 4
 */
export function getCoin(id: CoinId): CoinInfo {
  return COINS[id];
}
