import { sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Database } from '../../db/connect';
import {
  appSettings,
  currencyRates,
  type LocalizedText,
  siteContentItems,
  siteParameters,
} from '../../db/schema';
import { execute, queryRows } from '../../engine/sql';

/** Where the demo slides and advertisements find their pictures (served by the content module). */
export const DEMO_MEDIA_PATH = '/media/demo';

/** The `app_settings` key that marks the demo content as seeded, so it is seeded once. */
export const DEMO_CONTENT_SETTING = 'demo_site_content';

const DAY_MS = 24 * 60 * 60_000;

/** The five texts of one field. */
function texts(en: string, zhCN: string, ru: string, ja: string, ko: string): LocalizedText {
  return { en, 'zh-CN': zhCN, ru, ja, ko };
}

/**
 * The footer: the site's own information pages, named as the site's route titles name them,
 * so the footer reads the same before and after the list arrives.
 */
const DEMO_FOOTER_LINKS = [
  {
    title: texts('About us', '关于我们', 'О нас', '私たちについて', '회사 소개'),
    url: '/about-us',
  },
  {
    title: texts(
      'Terms of service',
      '服务条款',
      'Условия использования',
      '利用規約',
      '서비스 약관',
    ),
    url: '/terms',
  },
  { title: texts('Download', '下载', 'Загрузки', 'ダウンロード', '다운로드'), url: '/download' },
  {
    title: texts(
      'Support ticket',
      '工单',
      'Обращение в поддержку',
      'サポートチケット',
      '지원 티켓',
    ),
    url: '/ticket',
  },
  {
    title: texts(
      'Miner catalogue',
      '矿机库',
      'Каталог майнеров',
      'マイナーカタログ',
      '채굴기 목록',
    ),
    url: '/miners',
  },
] as const;

/** Announcements of what the demo pool really offers, `ageDays` before the seeding. */
const DEMO_ANNOUNCEMENTS = [
  {
    title: texts(
      'Address mining is open for KAS, ALPH, ZEPH, SUMO and ALEO: mine to your wallet address, no account needed',
      'KAS、ALPH、ZEPH、SUMO 和 ALEO 地址挖矿已开放：直接挖到钱包地址，无需注册账户',
      'Открыт майнинг на адрес для KAS, ALPH, ZEPH, SUMO и ALEO: майните прямо на адрес кошелька, без учётной записи',
      'KAS・ALPH・ZEPH・SUMO・ALEO のアドレスマイニングを開始：アカウント不要、ウォレットアドレスに直接マイニング',
      'KAS, ALPH, ZEPH, SUMO, ALEO 주소 채굴 오픈: 계정 없이 지갑 주소로 바로 채굴하세요',
    ),
    url: '/mining/kas/dashboard',
    pinned: true,
    ageDays: 2,
  },
  {
    title: texts(
      'New miner catalogue: compare 32 machines by daily profit at your electricity price',
      '矿机库上线：按您的电价比较 32 款矿机的每日收益',
      'Новый каталог майнеров: сравните 32 устройства по дневной прибыли при вашей цене электроэнергии',
      'マイナーカタログを公開：電気料金を入力して 32 機種の日次収益を比較',
      '채굴기 목록 공개: 내 전기 요금으로 32개 기종의 일일 수익을 비교하세요',
    ),
    url: '/miners',
    pinned: false,
    ageDays: 6,
  },
  {
    title: texts(
      'SOLO mining is available on every account pool, with a 0.5 % fee',
      '所有账户矿池均支持 SOLO 挖矿，费率 0.5%',
      'SOLO-майнинг доступен во всех пулах с учётной записью, комиссия 0,5 %',
      'すべてのアカウントプールで SOLO マイニングが利用可能に（手数料 0.5%）',
      '모든 계정 풀에서 SOLO 채굴을 지원합니다 (수수료 0.5%)',
    ),
    url: '/pool/btc/info',
    pinned: false,
    ageDays: 13,
  },
  {
    title: texts(
      'Protect your account: turn on sign-in with an authenticator app in your settings',
      '保护账户安全：请在设置中开启身份验证器应用登录',
      'Защитите учётную запись: включите вход с приложением-аутентификатором в настройках',
      'アカウントを保護：設定で認証アプリによるサインインを有効にしましょう',
      '계정을 보호하세요: 설정에서 인증 앱 로그인을 켜세요',
    ),
    url: null,
    pinned: false,
    ageDays: 20,
  },
] as const;

const DEMO_SLIDERS = [
  {
    title: texts(
      'Mine KAS to your wallet address, no sign-up',
      '无需注册，KAS 直接挖到钱包地址',
      'Майните KAS на адрес кошелька без регистрации',
      '登録不要、KAS をウォレットアドレスへ直接マイニング',
      '가입 없이 지갑 주소로 KAS 채굴',
    ),
    image: 'slide-address-mining.svg',
    link: '/mining/kas/dashboard',
  },
  {
    title: texts(
      'Find your next miner in the catalogue',
      '在矿机库中挑选您的下一台矿机',
      'Выберите следующий майнер в каталоге',
      'カタログで次のマイナーを探す',
      '목록에서 다음 채굴기를 찾아보세요',
    ),
    image: 'slide-miner-catalogue.svg',
    link: '/miners',
  },
  {
    title: texts(
      'PPS+ payouts: every valid share is paid',
      'PPS+ 结算：每个有效份额都有收益',
      'Выплаты PPS+: оплачивается каждая действительная шара',
      'PPS+ 支払い：すべての有効シェアに報酬',
      'PPS+ 지급: 모든 유효 셰어에 보상',
    ),
    image: 'slide-pps-plus.svg',
    link: '/about-us',
  },
] as const;

const DEMO_ADVERTISEMENTS = [
  {
    position: 'home_banner',
    title: texts(
      'Set up your miner in three steps',
      '三步完成矿机配置',
      'Настройте майнер за три шага',
      '3 ステップでマイナーを設定',
      '세 단계로 채굴기 설정하기',
    ),
    image: 'ad-setup-guide.svg',
    link: '/download',
  },
  {
    position: 'dashboard_side',
    title: texts(
      'Questions about payouts? Open a support ticket',
      '对结算有疑问？请提交工单',
      'Вопросы о выплатах? Создайте обращение в поддержку',
      '支払いについてのご質問はサポートチケットへ',
      '지급에 관해 궁금하신가요? 지원 티켓을 열어 주세요',
    ),
    image: 'ad-support.svg',
    link: '/ticket',
  },
] as const;

/**
 * Demo exchange rates: units of each currency one CNY buys, round figures near the market's,
 * not market data (the server has no price feed; a feed would write these rows).
 */
const DEMO_CURRENCY_RATES = [
  { currency: 'USD', rate: '0.140500', symbol: '$' },
  { currency: 'EUR', rate: '0.121500', symbol: '€' },
  { currency: 'GBP', rate: '0.106500', symbol: '£' },
  { currency: 'HKD', rate: '1.093000', symbol: 'HK$' },
  { currency: 'JPY', rate: '21.600000', symbol: '¥' },
  { currency: 'KRW', rate: '206.500000', symbol: '₩' },
  { currency: 'RUB', rate: '11.250000', symbol: '₽' },
] as const;

/** The demo's support address, shown on the ticket page. */
export const DEMO_SUPPORT_EMAIL = 'support@poolkit.local';

/**
 * Seeds the demo site content once: footer links to the site's own pages, four announcements
 * (the latest two days old), three home-page slides, two advertisements (`home_banner`,
 * `dashboard_side`), the support address and seven exchange rates, texts in all five languages.
 * A marker in `app_settings`, claimed in the same transaction, makes a second run (or a second
 * server starting at the same moment) change nothing, even after the content was edited.
 * Resolves true when it seeded now.
 */
export async function seedDemoContent(database: Database, clock: Clock): Promise<boolean> {
  const now = clock.now();
  return database.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appSettings)
      .values({ key: DEMO_CONTENT_SETTING, value: new Date(now).toISOString() })
      .onConflictDoNothing()
      .returning({ key: appSettings.key });
    if (claimed.length === 0) return false;

    await tx.insert(siteContentItems).values([
      ...DEMO_FOOTER_LINKS.map((link, index) => ({
        kind: 'footer_link' as const,
        title: link.title,
        attrs: { url: link.url },
        sort: (index + 1) * 10,
      })),
      ...DEMO_ANNOUNCEMENTS.map((item) => ({
        kind: 'announcement' as const,
        title: item.title,
        attrs: { ...(item.url === null ? {} : { url: item.url }), pinned: item.pinned },
        startsAt: new Date(now - item.ageDays * DAY_MS),
      })),
      ...DEMO_SLIDERS.map((slide, index) => ({
        kind: 'slider' as const,
        title: slide.title,
        attrs: { image_url: `${DEMO_MEDIA_PATH}/${slide.image}`, url: slide.link },
        sort: (index + 1) * 10,
      })),
      ...DEMO_ADVERTISEMENTS.map((ad, index) => ({
        kind: 'advertisement' as const,
        title: ad.title,
        attrs: {
          position: ad.position,
          image_url: `${DEMO_MEDIA_PATH}/${ad.image}`,
          url: ad.link,
        },
        sort: (index + 1) * 10,
      })),
    ]);
    await tx
      .insert(siteParameters)
      .values({ id: true, supportEmail: DEMO_SUPPORT_EMAIL })
      .onConflictDoUpdate({
        target: siteParameters.id,
        // An address the operator set already stays.
        set: {
          supportEmail: sql`COALESCE(${siteParameters.supportEmail}, ${DEMO_SUPPORT_EMAIL})`,
        },
      });
    await tx
      .insert(currencyRates)
      .values(DEMO_CURRENCY_RATES.map((entry, index) => ({ ...entry, sort: (index + 1) * 10 })))
      .onConflictDoNothing();
    return true;
  });
}

/** The `app_settings` key that marks the demo event as seeded. */
export const DEMO_EVENT_SETTING = 'demo_event_content';

/** The demo event's address: `/activity/goldshell`. */
export const DEMO_EVENT_SLUG = 'goldshell';

/** The demo event's coupon code, shown on its page. */
export const DEMO_EVENT_COUPON = 'GOLDSHELL-KAS';

/**
 * Seeds the demo event once (a vendor's campaign page composed of blocks: a banner, two
 * paragraphs, Goldshell machines of the catalogue and a coupon code), published for 90 days
 * from the seeding, under its own marker so a server seeded before events existed gets it too.
 * Resolves true when it seeded now.
 */
export async function seedDemoEvent(database: Database, clock: Clock): Promise<boolean> {
  const now = clock.now();
  return database.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appSettings)
      .values({ key: DEMO_EVENT_SETTING, value: new Date(now).toISOString() })
      .onConflictDoNothing()
      .returning({ key: appSettings.key });
    if (claimed.length === 0) return false;
    await tx
      .insert(siteContentItems)
      .values({
        kind: 'event',
        slug: DEMO_EVENT_SLUG,
        title: texts(
          'Goldshell week: mine KAS and ALPH with lower fees',
          'Goldshell 周：挖 KAS 和 ALPH 享更低费率',
          'Неделя Goldshell: майните KAS и ALPH с меньшей комиссией',
          'Goldshell ウィーク：KAS と ALPH を低い手数料でマイニング',
          'Goldshell 위크: 더 낮은 수수료로 KAS와 ALPH 채굴',
        ),
        attrs: {
          blocks: [
            {
              type: 'banner',
              image_url: `${DEMO_MEDIA_PATH}/slide-miner-catalogue.svg`,
              text: texts(
                'Goldshell home miners on PoolKit',
                'PoolKit 上的 Goldshell 家用矿机',
                'Домашние майнеры Goldshell на PoolKit',
                'PoolKit で使う Goldshell の家庭用マイナー',
                'PoolKit의 Goldshell 가정용 채굴기',
              ),
            },
            {
              type: 'text',
              text: texts(
                'Point a Goldshell machine at PoolKit during the event and your first 30 days of mining carry a lower pool fee. Quiet box miners suit a home or an office.',
                '活动期间将 Goldshell 矿机接入 PoolKit，前 30 天挖矿享受更低的矿池费率。静音盒子矿机适合家庭或办公室。',
                'Подключите майнер Goldshell к PoolKit во время акции, и первые 30 дней майнинга комиссия пула будет ниже. Тихие компактные майнеры подходят для дома и офиса.',
                'イベント期間中に Goldshell のマシンを PoolKit に接続すると、最初の 30 日間のプール手数料が下がります。静かなボックス型マイナーは家庭やオフィスに向いています。',
                '이벤트 기간에 Goldshell 채굴기를 PoolKit에 연결하면 처음 30일 동안 풀 수수료가 낮아집니다. 조용한 박스형 채굴기는 가정이나 사무실에 잘 맞습니다.',
              ),
            },
            {
              type: 'machines',
              machine_ids: ['goldshell-kd-max', 'goldshell-kd-box-pro', 'goldshell-al-box'],
            },
            {
              type: 'coupon',
              code: DEMO_EVENT_COUPON,
              text: texts(
                'Redeem this code in your coupon centre for a fee reduction.',
                '在优惠券中心兑换此代码即可获得费率减免。',
                'Активируйте этот код в разделе купонов, чтобы снизить комиссию.',
                'クーポンセンターでこのコードを引き換えると手数料が割引されます。',
                '쿠폰 센터에서 이 코드를 입력하면 수수료가 할인됩니다.',
              ),
            },
          ],
        },
        startsAt: new Date(now - DAY_MS),
        endsAt: new Date(now + 90 * DAY_MS),
      })
      .onConflictDoNothing();
    return true;
  });
}

/** The `app_settings` key that marks the demo event's coupon code as issued. */
export const DEMO_EVENT_COUPON_SETTING = 'demo_event_coupon';

/**
 * Issues the demo event's advertised code ({@link DEMO_EVENT_COUPON}) once, so the code the
 * page shows redeems: a batch of that one code, 20 % off the pool fee on any account
 * coin for 30 days, usable for 90 days, issued by the earliest operator (the demo operator,
 * seeded before the content module is ready). Decision: a code is one coupon (spec section 5),
 * so the first visitor to redeem it owns it; from then the event page hides the code (the
 * content service shows a coupon block only while its code is redeemable), as it does when no
 * operator exists yet to issue it. Under its own marker, so a server whose event was seeded
 * before the code existed gets it too. Resolves true when it issued the code now.
 */
export async function seedDemoEventCoupon(database: Database, clock: Clock): Promise<boolean> {
  const now = clock.now();
  return database.db.transaction(async (tx) => {
    const [operator] = await queryRows<{ id: string }>(
      tx,
      sql`SELECT user_id::text AS id FROM operators ORDER BY granted_at, user_id LIMIT 1`,
    );
    const operatorId = operator?.id;
    if (operatorId === undefined) return false;
    const claimed = await tx
      .insert(appSettings)
      .values({ key: DEMO_EVENT_COUPON_SETTING, value: new Date(now).toISOString() })
      .onConflictDoNothing()
      .returning({ key: appSettings.key });
    if (claimed.length === 0) return false;
    const [batch] = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO coupon_batches (fee_reduction_percent, coin, validity_days, use_before,
            count, note, created_by, created_at)
          VALUES (20, NULL, 30, ${new Date(now + 90 * DAY_MS).toISOString()}::timestamptz, 1,
            ${`Demo event /activity/${DEMO_EVENT_SLUG}`}, ${operatorId}::bigint,
            ${new Date(now).toISOString()}::timestamptz)
          RETURNING id::text AS id`,
    );
    const batchId = batch?.id;
    if (batchId === undefined) throw new Error('The demo coupon batch was not returned');
    await execute(
      tx,
      sql`INSERT INTO coupons (batch_id, code) VALUES (${batchId}::bigint, ${DEMO_EVENT_COUPON})
          ON CONFLICT (code) DO NOTHING`,
    );
    return true;
  });
}

/** The `app_settings` key that marks the demo blogroll as seeded. */
export const DEMO_BLOGROLL_SETTING = 'demo_blogroll_content';

/**
 * The demo's partner links (the home page's blogroll): block explorers and mining-profit sites a
 * pool's miners use, named the same in every language except where a language names them.
 */
export const DEMO_BLOGROLL = [
  {
    title: texts(
      'Mempool: Bitcoin explorer',
      'Mempool：比特币浏览器',
      'Mempool: обозреватель Bitcoin',
      'Mempool：ビットコインエクスプローラー',
      'Mempool: 비트코인 탐색기',
    ),
    url: 'https://mempool.space/',
  },
  {
    title: texts(
      'Kaspa explorer',
      'Kaspa 浏览器',
      'Обозреватель Kaspa',
      'Kaspa エクスプローラー',
      'Kaspa 탐색기',
    ),
    url: 'https://explorer.kaspa.org/',
  },
  {
    title: texts(
      'Blockchair: multi-chain explorer',
      'Blockchair：多链浏览器',
      'Blockchair: обозреватель блокчейнов',
      'Blockchair：マルチチェーンエクスプローラー',
      'Blockchair: 멀티체인 탐색기',
    ),
    url: 'https://blockchair.com/',
  },
  {
    title: texts(
      'WhatToMine: profitability',
      'WhatToMine：收益对比',
      'WhatToMine: доходность',
      'WhatToMine：収益性',
      'WhatToMine: 수익성',
    ),
    url: 'https://whattomine.com/',
  },
] as const;

/**
 * Seeds the demo blogroll once, under its own marker so a server seeded before it existed gets
 * it too; an operator edits or removes the links in `/admin/content`. Resolves true when it
 * seeded now.
 */
export async function seedDemoBlogroll(database: Database): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appSettings)
      .values({ key: DEMO_BLOGROLL_SETTING, value: 'seeded' })
      .onConflictDoNothing()
      .returning({ key: appSettings.key });
    if (claimed.length === 0) return false;
    await tx.insert(siteContentItems).values(
      DEMO_BLOGROLL.map((link, index) => ({
        kind: 'blogroll' as const,
        title: link.title,
        attrs: { url: link.url },
        sort: (index + 1) * 10,
      })),
    );
    return true;
  });
}

/** The pictures {@link seedDemoContent} refers to, under {@link DEMO_MEDIA_PATH}. */
export const DEMO_MEDIA_FILES: readonly string[] = [
  ...new Set([...DEMO_SLIDERS, ...DEMO_ADVERTISEMENTS].map((item) => item.image)),
];
