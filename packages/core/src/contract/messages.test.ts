import { describe, expect, it } from 'vitest';
import {
  maskWebhookUrl,
  messageTypeSchema,
  unreadCountSchema,
  updateAlertSettingsBodySchema,
} from './messages';

describe('maskWebhookUrl', () => {
  it.each([
    ['https://hooks.example.com/services/T0/B0/secret?token=1#x', 'https://hooks.example.com/…'],
    ['https://hooks.example.com', 'https://hooks.example.com/…'],
    ['https://HOOKS.Example.com:443/a', 'https://hooks.example.com/…'],
    ['https://user:password@hooks.example.com:8443/a', 'https://hooks.example.com:8443/…'],
    ['http://[2001:db8::1]:8080/secret', 'http://[2001:db8::1]:8080/…'],
    ['http://93.184.215.14/secret', 'http://93.184.215.14/…'],
    ['not a url', '…'],
  ])('should show only the scheme and host of %s', (url, masked) => {
    expect(maskWebhookUrl(url)).toBe(masked);
  });
});

describe('updateAlertSettingsBodySchema', () => {
  const body = {
    enabled: true,
    hashrate_threshold: null,
    offline_workers_threshold: 1,
    channels: ['webhook'],
    webhook_url: 'https://hooks.example.com/x',
  };

  it('should take a second validation for the webhook, and none', () => {
    expect(
      updateAlertSettingsBodySchema.parse({ ...body, validation_token: 'vt_1' }),
    ).toMatchObject({ validation_token: 'vt_1' });
    expect(updateAlertSettingsBodySchema.parse(body)).not.toHaveProperty('validation_token');
    expect(updateAlertSettingsBodySchema.safeParse({ ...body, validation_token: '' }).success).toBe(
      false,
    );
  });
});

describe('messageTypeSchema', () => {
  it('should know wallet messages as a kind of their own, counted apart from settings', () => {
    expect(messageTypeSchema.parse('wallet_update')).toBe('wallet_update');
    expect(messageTypeSchema.options).toContain('setting_update');
    const counts = {
      hashrate_alert: 0,
      miner_offline: 0,
      setting_update: 0,
      ticket_reply: 0,
    };
    expect(unreadCountSchema.safeParse({ count: 1, by_type: counts }).success).toBe(false);
    expect(
      unreadCountSchema.parse({ count: 1, by_type: { ...counts, wallet_update: 1 } }).by_type
        .wallet_update,
    ).toBe(1);
  });
});
