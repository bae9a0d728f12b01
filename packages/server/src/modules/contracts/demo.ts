import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { iso } from '../../db/sql';
import { execute } from '../../engine/sql';

const terms = {
  en: "The hashrate you buy runs in the pool from the effective date for the stated number of days. Output follows the pool's PPS+ output of each day and is credited daily to the account you chose, after the electricity and management fees; a day whose fees exceed its output credits nothing. Mining output varies with network difficulty and coin price and is not guaranteed. An order is final once paid.",
  'zh-CN':
    '您购买的算力自生效日起在矿池中运行约定的天数。产出按矿池每日 PPS+ 产出计算，扣除电费和管理费后每日发放到您选择的账户；当日费用超过产出时，当日不发放。挖矿产出随全网难度和币价变化，不作保证。订单一经支付即为最终订单。',
  ru: 'Купленный хешрейт работает в пуле с даты вступления в силу указанное число дней. Доход рассчитывается по ежедневному доходу PPS+ пула и зачисляется ежедневно на выбранный аккаунт за вычетом платы за электричество и управление; день, в котором плата превышает доход, ничего не зачисляет. Доход зависит от сложности сети и цены монеты и не гарантируется. Оплаченный заказ является окончательным.',
  ja: 'ご購入のハッシュレートは、発効日から所定の日数プールで稼働します。産出はプールの毎日の PPS+ 産出に基づき、電気代と管理費を差し引いて選択したアカウントへ毎日入金されます。費用が産出を上回った日は入金されません。マイニング産出はネットワーク難易度とコイン価格により変動し、保証されません。支払い後の注文は確定です。',
  ko: '구매하신 해시레이트는 발효일부터 정해진 일수 동안 풀에서 가동됩니다. 산출은 풀의 일일 PPS+ 산출을 기준으로 하며 전기료와 관리비를 뺀 뒤 선택한 계정에 매일 입금됩니다. 비용이 산출을 넘는 날에는 입금되지 않습니다. 채굴 산출은 네트워크 난이도와 코인 가격에 따라 달라지며 보장되지 않습니다. 결제된 주문은 확정됩니다.',
};

/** The demo's products: one per kind of machine, enough stock to try buying. */
const DEMO_PRODUCTS = [
  {
    name: 'BTC S21 · 30 days',
    coin: 'btc',
    miner: 'Antminer S21',
    unitHashrate: 200e12,
    price: '0.005',
    electricityFee: '0.00004',
    managementFeePercent: '5',
    durationDays: 30,
    effectiveDelayDays: 1,
    inventory: 120,
    payAddress: 'bc1qcontractsdemopooladdress0000000000000',
  },
  {
    name: 'LTC L9 · 90 days',
    coin: 'ltc',
    miner: 'Antminer L9',
    unitHashrate: 16e9,
    price: '1.5',
    electricityFee: '0.004',
    managementFeePercent: '3',
    durationDays: 90,
    effectiveDelayDays: 1,
    inventory: 40,
    payAddress: 'ltc1qcontractsdemopooladdress000000000000',
  },
  {
    name: 'KDA KA3 · 180 days',
    coin: 'kda',
    miner: 'Antminer KA3',
    unitHashrate: 166e12,
    price: '400',
    electricityFee: '0.02',
    managementFeePercent: '4',
    durationDays: 180,
    effectiveDelayDays: 2,
    inventory: 8,
    payAddress: 'k-contractsdemopooladdress',
  },
] as const;

/**
 * Seeds the demo's contract products (demo mode), each once by name: an operator who renames
 * or takes one off sale keeps it that way.
 */
export async function seedDemoContracts(database: Database, nowMs: number): Promise<void> {
  for (const product of DEMO_PRODUCTS) {
    await execute(
      database.db,
      sql`INSERT INTO contract_products (name, coin, miner, unit_hashrate, price, electricity_fee,
            management_fee_percent, duration_days, effective_delay_days, inventory, pay_address,
            terms, on_sale, created_at, updated_at)
          SELECT ${product.name}, ${product.coin}, ${product.miner}, ${product.unitHashrate},
            ${product.price}::numeric, ${product.electricityFee}::numeric,
            ${product.managementFeePercent}::numeric, ${product.durationDays},
            ${product.effectiveDelayDays}, ${product.inventory}, ${product.payAddress},
            ${JSON.stringify(terms)}::jsonb, true, ${iso(nowMs)}::timestamptz,
            ${iso(nowMs)}::timestamptz
          WHERE NOT EXISTS (SELECT 1 FROM contract_products WHERE name = ${product.name})`,
    );
  }
}
