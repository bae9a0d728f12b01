import { describe, expect, it } from 'vitest';
import { createObserverBodySchema, createSubAccountBodySchema } from './accounts';
import { uploadCertificateBodySchema } from './cloudMining';
import { refreshBodySchema, registerEmailBodySchema } from './credentials';
import { endpoints } from './endpoints';
import {
  loginBodySchema,
  loginQuerySchema,
  loginResultSchema,
  sendCodeBodySchema,
  tokenPairSchema,
} from './identity';
import { markReadBodySchema, messageListQuerySchema } from './messages';
import { deleteWorkersBodySchema, workerListQuerySchema, workerRowSchema } from './miners';
import { renamePasskeyBodySchema } from './passkeys';
import { poolStatsSchema } from './pools';
import { profitExportQuerySchema } from './profits';
import { redeemCouponBodySchema, useCouponBodySchema } from './programmes';
import {
  advertisementQuerySchema,
  currencyRatesSchema,
  footerLinkSchema,
  siteLinkSchema,
} from './site';
import { createTicketBodySchema } from './tickets';
import { updateSettingsBodySchema } from './userInfo';
import {
  createWithdrawAddressBodySchema,
  transferBodySchema,
  withdrawBodySchema,
} from './walletSchemas';
import { transactionExportQuerySchema, walletTransactionDetailSchema } from './walletTransactions';

const captcha = {
  lot_number: '4dc3cfc2cdff448cad8d13107198d473',
  gen_time: '1713571767',
  captcha_output: 'abc123',
  pass_token: 'def456',
};
const encrypted = 'c2VjcmV0LXBhc3N3b3JkLWNpcGhlcnRleHQ=';

describe('profit export query', () => {
  it('should reject an export without a date range', () => {
    expect(profitExportQuerySchema.safeParse({}).success).toBe(false);
    expect(profitExportQuerySchema.safeParse({ start_date: '2024-01-01' }).success).toBe(false);
    expect(endpoints.exportProfits.query.safeParse({}).success).toBe(false);
  });

  it('should accept a date range and default to the profits statement', () => {
    expect(
      profitExportQuerySchema.parse({ start_date: '2024-01-01', end_date: '2024-01-31' }),
    ).toEqual({ start_date: '2024-01-01', end_date: '2024-01-31', kind: 'profits' });
  });

  it('should reject a reversed or over-long range and malformed dates', () => {
    const parse = (start_date: string, end_date: string) =>
      profitExportQuerySchema.safeParse({ start_date, end_date }).success;
    expect(parse('2024-02-01', '2024-01-01')).toBe(false);
    expect(parse('2023-01-01', '2024-01-02')).toBe(false);
    expect(parse('2024-01-01', '2024-12-31')).toBe(true);
    expect(parse('2024-1-1', '2024-01-31')).toBe(false);
    expect(parse('2024-02-30', '2024-03-01')).toBe(false);
  });

  it('should answer text', () => {
    expect(endpoints.exportProfits.responseKind).toBe('text');
  });
});

describe('worker schemas', () => {
  it('should read a worker row with the spec fields', () => {
    const row = workerRowSchema.parse({
      worker_name: 'rig01',
      accept_15m: { value: 1.2e14 },
      accept_1h: { value: 1.1e14 },
      accept_24h: { value: 1e14 },
      reject_rate: 0.012,
      last_share_time: '2024-04-20T00:09:27Z',
      status: 'active',
      group: null,
    });
    expect(row.accept_15m.value).toBe(1.2e14);
  });

  it('should refuse an unknown worker status filter and read the query from strings', () => {
    expect(workerListQuerySchema.safeParse({ status: 'offline' }).success).toBe(false);
    expect(
      workerListQuerySchema.parse({
        page: '2',
        status: 'dead',
        sort: 'reject_rate',
        order: 'desc',
      }),
    ).toEqual({ page: 2, page_size: 10, status: 'dead', sort: 'reject_rate', order: 'desc' });
  });

  it('should refuse an empty, duplicated or badly named delete list', () => {
    expect(deleteWorkersBodySchema.safeParse({ workers: [] }).success).toBe(false);
    expect(deleteWorkersBodySchema.safeParse({ workers: ['rig1', 'rig1'] }).success).toBe(false);
    expect(deleteWorkersBodySchema.safeParse({ workers: ['Rig1'] }).success).toBe(false);
    expect(deleteWorkersBodySchema.safeParse({ workers: ['rig1', 'rig2'] }).success).toBe(true);
  });
});

describe('pool stats', () => {
  it('should read pool stats with money as strings', () => {
    const stats = {
      coin: 'btc',
      pool_hashrate: 1.5e19,
      pool_hashrate_24h: 1.4e19,
      miners: 1200,
      workers: 35000,
      network_difficulty: 8.8e13,
      network_hashrate: 6.2e20,
      block_height: 842000,
      price: '450000.12',
      fee_percent: '2.5',
      payout_model: 'PPS+',
      min_payout: '0.005',
      last_block_time: '2024-05-01T10:00:00Z',
      blocks_24h: 3,
      luck_24h: 1.08,
      luck_7d: null,
    };
    expect(poolStatsSchema.parse(stats).payout_model).toBe('PPS+');
    expect(poolStatsSchema.safeParse({ ...stats, min_payout: 0.005 }).success).toBe(false);
    expect(poolStatsSchema.safeParse({ ...stats, payout_model: 'PPLNS' }).success).toBe(false);
  });
});

describe('identity schemas', () => {
  it('should accept an email login with a captcha result', () => {
    expect(
      loginBodySchema.safeParse({
        type: 'email',
        email: 'a@example.com',
        password: encrypted,
        key_id: 'k1',
      }).success,
    ).toBe(true);
    expect(loginQuerySchema.safeParse(captcha).success).toBe(true);
  });

  it('should reject a login without captcha or with unknown fields', () => {
    expect(loginQuerySchema.safeParse({ ...captcha, pass_token: undefined }).success).toBe(false);
    expect(
      loginBodySchema.safeParse({
        type: 'email',
        email: 'a@example.com',
        password: encrypted,
        key_id: 'k1',
        remember: true,
      }).success,
    ).toBe(false);
  });

  it('should apply the mainland phone rule to country code 86 only', () => {
    const phone = (country_code: string, value: string) =>
      loginBodySchema.safeParse({
        type: 'phone',
        country_code,
        phone: value,
        password: encrypted,
        key_id: 'k1',
      }).success;
    expect(phone('86', '13800138000')).toBe(true);
    expect(phone('86', '12800138000')).toBe(false);
    expect(phone('86', '138-0013-8000')).toBe(false);
    expect(phone('44', '7700900123')).toBe(true);
  });

  it('should read both login answers', () => {
    expect(loginResultSchema.parse({ status: 'ok', token: 't', refresh_token: 'r' }).status).toBe(
      'ok',
    );
    expect(
      loginResultSchema.parse({
        status: 'totp_required',
        login_ticket: 'ticket',
        expires_at: '2024-01-01T00:05:00Z',
      }).status,
    ).toBe('totp_required');
  });

  it('should refresh with a refresh token and answer a token pair', () => {
    expect(refreshBodySchema.safeParse({ refresh_token: 'r' }).success).toBe(true);
    expect(refreshBodySchema.safeParse({}).success).toBe(false);
    expect(tokenPairSchema.parse({ token: 't', refresh_token: 'r' })).toEqual({
      token: 't',
      refresh_token: 'r',
    });
    expect(endpoints.refreshToken.path).toBe('/users/refresh/login');
  });

  it('should require the terms box at registration', () => {
    const body = {
      username: 'alice01',
      email: 'a@example.com',
      code: '123456',
      password: encrypted,
      key_id: 'k1',
      terms_accepted: true,
    };
    expect(registerEmailBodySchema.safeParse(body).success).toBe(true);
    expect(registerEmailBodySchema.safeParse({ ...body, terms_accepted: false }).success).toBe(
      false,
    );
    expect(registerEmailBodySchema.safeParse({ ...body, code: '12345' }).success).toBe(false);
  });

  it('should send a code to an email or a phone', () => {
    expect(
      sendCodeBodySchema.safeParse({ channel: 'email', email: 'a@example.com', scene: 'register' })
        .success,
    ).toBe(true);
    expect(
      sendCodeBodySchema.safeParse({ channel: 'sms', email: 'a@example.com', scene: 'register' })
        .success,
    ).toBe(false);
  });

  it('should refuse an empty settings update and a bad time zone', () => {
    expect(updateSettingsBodySchema.safeParse({}).success).toBe(false);
    expect(updateSettingsBodySchema.safeParse({ timezone: 'UTC+08:00' }).success).toBe(true);
    expect(updateSettingsBodySchema.safeParse({ timezone: '+08:00' }).success).toBe(false);
  });
});

describe('account schemas', () => {
  it('should check sub-account names and permissions', () => {
    expect(
      createSubAccountBodySchema.safeParse({ name: 'miner01', permission: 'read_only' }).success,
    ).toBe(true);
    expect(
      createSubAccountBodySchema.safeParse({ name: 'mi', permission: 'read_only' }).success,
    ).toBe(false);
    expect(
      createSubAccountBodySchema.safeParse({ name: 'miner01', permission: 'admin' }).success,
    ).toBe(false);
  });

  it('should refuse a blank observer nickname and an unknown expiry', () => {
    expect(createObserverBodySchema.parse({ nickname: ' Bob ', expiry: 'one_week' })).toEqual({
      nickname: 'Bob',
      expiry: 'one_week',
      pools: [],
    });
    expect(createObserverBodySchema.safeParse({ nickname: '   ', expiry: 'forever' }).success).toBe(
      false,
    );
    expect(
      createObserverBodySchema.safeParse({ nickname: 'Bob', expiry: 'two_days' }).success,
    ).toBe(false);
  });
});

describe('wallet schemas', () => {
  it('should take a public key for KDA withdraw addresses only', () => {
    const base = { alias: 'cold', address: 'k:abc', validation_token: 'v' };
    const key = 'a'.repeat(64);
    expect(
      createWithdrawAddressBodySchema.safeParse({ ...base, coin: 'kda', public_key: key }).success,
    ).toBe(true);
    expect(
      createWithdrawAddressBodySchema.safeParse({ ...base, coin: 'btc', public_key: key }).success,
    ).toBe(false);
    expect(
      createWithdrawAddressBodySchema.safeParse({ ...base, coin: 'kda', public_key: 'xyz' })
        .success,
    ).toBe(false);
  });

  it('should refuse a withdrawal of a number, zero or without pay password', () => {
    const body = {
      coin: 'btc',
      address_id: 'a1',
      amount: '0.5',
      pay_password: encrypted,
      key_id: 'k1',
      validation_token: 'v',
      idempotency_key: '2b1f0c8e-6f7a-4f57-9a55-3c8d9d1e4f00',
    };
    expect(withdrawBodySchema.safeParse(body).success).toBe(true);
    expect(withdrawBodySchema.safeParse({ ...body, amount: 0.5 }).success).toBe(false);
    expect(withdrawBodySchema.safeParse({ ...body, amount: '0' }).success).toBe(false);
    expect(withdrawBodySchema.safeParse({ ...body, pay_password: undefined }).success).toBe(false);
    expect(withdrawBodySchema.safeParse({ ...body, idempotency_key: 'short' }).success).toBe(false);
  });

  it('should take a transfer between two named accounts with an idempotency key', () => {
    const body = {
      coin: 'btc',
      from_account: 'alice01',
      to_account: 'bob00001',
      amount: '0.25',
      pay_password: encrypted,
      key_id: 'k1',
      validation_token: 'v',
      idempotency_key: '2b1f0c8e-6f7a-4f57-9a55-3c8d9d1e4f00',
    };
    expect(transferBodySchema.safeParse(body).success).toBe(true);
    expect(transferBodySchema.safeParse({ ...body, to_account: '' }).success).toBe(false);
    expect(
      transferBodySchema.safeParse({ ...body, to_account: 'ALICE01' }).error?.issues[0]?.path,
    ).toEqual(['to_account']);
    expect(transferBodySchema.safeParse({ ...body, idempotency_key: undefined }).success).toBe(
      false,
    );
    expect(transferBodySchema.safeParse({ ...body, validation_token: undefined }).success).toBe(
      false,
    );
  });

  it('should require a date range of at most 366 days to export transactions', () => {
    expect(transactionExportQuerySchema.safeParse({}).success).toBe(false);
    expect(
      transactionExportQuerySchema.safeParse({ start_date: '2026-01-01', end_date: '2026-01-31' })
        .success,
    ).toBe(true);
    expect(
      transactionExportQuerySchema.safeParse({ start_date: '2025-01-01', end_date: '2026-01-31' })
        .success,
    ).toBe(false);
  });

  it('should read a transaction with its entries', () => {
    const line = {
      id: '7',
      time: '2026-03-01T12:00:00Z',
      account: 'alice01',
      coin: 'btc',
      type: 'transfer_out',
      amount: '-0.25',
      fee: '0',
      counterparty: 'bob00001',
      tx_id: null,
      status: 'successful',
      note: null,
    };
    const detail = {
      id: '7',
      time: '2026-03-01T12:00:00Z',
      coin: 'btc',
      status: 'successful',
      lines: [line],
      entries: [
        {
          id: '1',
          holder: 'own',
          name: 'alice01',
          coin: 'btc',
          bucket: 'available',
          amount: '-0.25',
        },
        {
          id: '2',
          holder: 'account',
          name: 'bob00001',
          coin: 'btc',
          bucket: 'available',
          amount: '0.25',
        },
      ],
      mining_day: null,
    };
    expect(walletTransactionDetailSchema.parse(detail)).toEqual(detail);
    expect(walletTransactionDetailSchema.safeParse({ ...detail, lines: [] }).success).toBe(false);
  });
});

describe('programme, message, passkey and ticket schemas', () => {
  it('should require a coupon code', () => {
    expect(redeemCouponBodySchema.safeParse({ code: '' }).success).toBe(false);
    expect(redeemCouponBodySchema.parse({ code: ' FEE-2024 ' })).toEqual({ code: 'FEE-2024' });
  });

  it('should ask to choose a coin when a coupon is started without one', () => {
    for (const body of [{ account: 'alice01' }, { account: 'alice01', coin: 'nope' }]) {
      const result = useCouponBodySchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues).toEqual([
        expect.objectContaining({ path: ['coin'], message: 'Choose a coin' }),
      ]);
    }
    expect(useCouponBodySchema.safeParse({ account: 'alice01', coin: 'btc' }).success).toBe(true);
  });

  it('should refuse a passkey nickname of spaces only', () => {
    expect(renamePasskeyBodySchema.safeParse({ nickname: '   ' }).success).toBe(false);
    expect(renamePasskeyBodySchema.safeParse({ nickname: 'Laptop' }).success).toBe(true);
  });

  it('should mark messages read by ids or all', () => {
    expect(markReadBodySchema.safeParse({ ids: ['m1'] }).success).toBe(true);
    expect(markReadBodySchema.safeParse({ all: true }).success).toBe(true);
    expect(markReadBodySchema.safeParse({ ids: [] }).success).toBe(false);
    expect(markReadBodySchema.safeParse({}).success).toBe(false);
    expect(messageListQuerySchema.parse({ read: 'false', type: 'miner_offline' }).read).toBe(false);
  });

  it('should require title and content of a ticket', () => {
    expect(
      createTicketBodySchema.safeParse({ title: 'Help', content: 'Payout late' }).success,
    ).toBe(true);
    expect(createTicketBodySchema.safeParse({ title: ' ', content: 'x' }).success).toBe(false);
    expect(createTicketBodySchema.safeParse({ title: 'Help' }).success).toBe(false);
    expect(createTicketBodySchema.parse({ title: 'Help', content: 'Payout late' }).category).toBe(
      'other',
    );
    expect(
      createTicketBodySchema.safeParse({
        title: 'Help',
        content: 'Payout late',
        category: 'payout',
        coin: 'btc',
        account: 'main01',
      }).success,
    ).toBe(true);
    for (const bad of [{ category: 'billing' }, { coin: 'BTC' }, { account: '' }]) {
      expect(
        createTicketBodySchema.safeParse({ title: 'Help', content: 'x', ...bad }).success,
        JSON.stringify(bad),
      ).toBe(false);
    }
  });

  it('should require documents for a payment certificate', () => {
    expect(uploadCertificateBodySchema.safeParse({ files: [] }).success).toBe(false);
    expect(
      uploadCertificateBodySchema.safeParse({
        files: [{ file_name: 'receipt.png', content_type: 'image/png', data: 'iVBORw0KGgo=' }],
      }).success,
    ).toBe(true);
    expect(
      uploadCertificateBodySchema.safeParse({
        files: [{ file_name: 'x.exe', content_type: 'application/x-msdownload', data: 'AAAA' }],
      }).success,
    ).toBe(false);
  });
});

describe('currency rates', () => {
  it('should read rates as decimal strings under data.rates', () => {
    const data = currencyRatesSchema.parse({
      rates: [{ currency: 'USD', rate: '0.138', symbol: '$' }],
    });
    expect(data.rates[0]?.rate).toBe('0.138');
    expect(
      currencyRatesSchema.safeParse({ rates: [{ currency: 'USD', rate: 0.138, symbol: '$' }] })
        .success,
    ).toBe(false);
  });
});

describe('site content links', () => {
  it('should take a path of this site or an absolute http(s) URL', () => {
    for (const link of ['/', '/terms', '/mining/kas/dashboard?tab=blocks#top', '/media/a-b.svg']) {
      expect(siteLinkSchema.safeParse(link).success, link).toBe(true);
    }
    expect(siteLinkSchema.safeParse('https://github.com/poolkit').success).toBe(true);
  });

  it('should refuse links that leave the site unannounced or run script', () => {
    for (const link of [
      '//evil.example/terms',
      '/\\evil.example',
      'terms',
      '/with space',
      'javascript:alert(1)',
      'ftp://pool.example/file',
      '',
    ]) {
      expect(siteLinkSchema.safeParse(link).success, link).toBe(false);
    }
  });

  it('should keep a footer link to a site page as a path', () => {
    expect(
      footerLinkSchema.parse({ group: null, title: 'Terms', url: '/terms', sort: 1 }).url,
    ).toBe('/terms');
  });

  it('should filter advertisements by a slot name only', () => {
    expect(advertisementQuerySchema.parse({})).toEqual({});
    expect(advertisementQuerySchema.parse({ position: 'home_banner' })).toEqual({
      position: 'home_banner',
    });
    expect(advertisementQuerySchema.safeParse({ position: 'Home Banner' }).success).toBe(false);
    expect(advertisementQuerySchema.safeParse({ slot: 'home_banner' }).success).toBe(false);
  });
});
