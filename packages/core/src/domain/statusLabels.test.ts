import { describe, expect, it } from 'vitest';
import { catalogueOf } from '../i18n/catalogues';
import { LANGUAGES } from '../i18n/languages';
import { STATUS_LABELS, statusLabel } from './statusLabels';

/** The `status` group of every locale module. */
const statusMessages = catalogueOf('status');

const allLabels = Object.values(STATUS_LABELS).flatMap((group) => Object.values(group));

describe('STATUS_LABELS', () => {
  it('should cover every generic label of spec section 4', () => {
    expect(Object.keys(STATUS_LABELS.generic).sort()).toEqual(
      [
        'unpaid',
        'review',
        'pending',
        'effect',
        'finish',
        'failed',
        'succeed',
        'inactive',
        'activated',
        'expired',
        'init',
        'payment',
        'done',
        'reject',
        'manual',
        'checking',
      ].sort(),
    );
  });

  it('should cover the wallet, miner, red packet, coupon, payment, cancellation and sub-account states', () => {
    expect(Object.keys(STATUS_LABELS.wallet).sort()).toEqual(['failed', 'pending', 'successful']);
    expect(Object.keys(STATUS_LABELS.miner).sort()).toEqual(['active', 'dead', 'inactive']);
    expect(Object.keys(STATUS_LABELS.redPacket).sort()).toEqual([
      'activated',
      'expired',
      'inactive',
      'invalid',
    ]);
    expect(Object.keys(STATUS_LABELS.coupon).sort()).toEqual([
      'expired',
      'in_use',
      'unused',
      'used',
    ]);
    expect(Object.keys(STATUS_LABELS.payment).sort()).toEqual(['confirmed', 'pending']);
    expect(Object.keys(STATUS_LABELS.cancellation).sort()).toEqual(['final', 'pending']);
    expect(Object.keys(STATUS_LABELS.subAccount).sort()).toEqual(['abnormal', 'normal']);
    expect(Object.keys(STATUS_LABELS.order)).toEqual(
      expect.arrayContaining(['unpaid', 'uploaded', 'review', 'cancelled']),
    );
  });

  it('should give every status a key under status. and a known tone', () => {
    for (const label of allLabels) {
      expect(label.i18nKey).toMatch(/^status\.[A-Za-z]+$/);
      expect(['success', 'warning', 'danger', 'neutral', 'info']).toContain(label.tone);
    }
  });

  it('should have every status key in statusMessages for all five languages', () => {
    for (const label of allLabels) {
      const key = label.i18nKey.slice('status.'.length);
      for (const language of LANGUAGES) {
        expect(
          statusMessages[language][key]?.trim(),
          `${label.i18nKey} in ${language}`,
        ).toBeTruthy();
      }
    }
  });

  it('should not keep messages no status uses', () => {
    const used = new Set(allLabels.map((label) => label.i18nKey.slice('status.'.length)));
    expect(Object.keys(statusMessages.en).sort()).toEqual([...used].sort());
  });

  it('should tell a silent miner apart from a packet not yet activated', () => {
    expect(STATUS_LABELS.miner.inactive.i18nKey).not.toBe(STATUS_LABELS.redPacket.inactive.i18nKey);
    expect(statusMessages.en.minerInactive).toBe('Inactive');
    expect(statusMessages['zh-CN'].inactive).toBe('未激活');
  });

  it('should give miner states success, warning and danger tones', () => {
    expect(STATUS_LABELS.miner.active.tone).toBe('success');
    expect(STATUS_LABELS.miner.inactive.tone).toBe('warning');
    expect(STATUS_LABELS.miner.dead.tone).toBe('danger');
  });
});

describe('statusLabel', () => {
  it('should find a status of a group given as a string', () => {
    expect(statusLabel('payment', 'confirmed')).toEqual({
      i18nKey: 'status.confirmed',
      tone: 'success',
    });
  });

  it('should return undefined for an unknown status', () => {
    expect(statusLabel('payment', 'bogus')).toBeUndefined();
    expect(statusLabel('payment', 'toString')).toBeUndefined();
  });
});
