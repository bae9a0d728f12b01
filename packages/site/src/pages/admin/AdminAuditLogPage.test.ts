import { buildResources, createI18n } from '@poolkit/core';
import { describe, expect, it } from 'vitest';
import {
  auditActionLabel,
  auditDetailValue,
  auditFieldLabel,
  auditTargetLabel,
} from './AdminAuditLogPage';

const english = createI18n();
const t = english.t.bind(english);

describe('the audit log texts', () => {
  it('should name actions, targets and fields in words, never as raw keys', () => {
    expect(auditActionLabel(t, 'red_packets.create')).toBe('Created a red packet campaign');
    expect(auditTargetLabel(t, 'support_ticket', '1')).toBe('Support ticket #1');
    expect(auditTargetLabel(t, 'site_parameters', null)).toBe('Site parameters');
    expect(auditFieldLabel(t, 'activation_deadline')).toBe('Activation deadline');
    // A name the catalogue does not have yet still reads as words.
    expect(auditActionLabel(t, 'pools.rename_pool')).toBe('Pools rename pool');
    expect(auditFieldLabel(t, 'new_field')).toBe('New field');
  });

  it('should format hashrates, amounts, times, flags and counts', () => {
    const packet = { coin: 'btc', hashrate: 20000000000000 };
    expect(auditDetailValue(t, 'hashrate', 20000000000000, packet)).toBe('20.00 TH/s');
    expect(auditDetailValue(t, 'coin', 'btc', packet)).toBe('BTC');
    const withdrawal = { coin: 'btc', amount: '1234.5' };
    expect(auditDetailValue(t, 'amount', '1234.5', withdrawal)).toMatch(/^1,234\.50+ BTC$/);
    expect(auditDetailValue(t, 'activation_deadline', '2026-12-01T08:00:00Z', {})).toBe(
      '2026-12-01 08:00:00',
    );
    expect(auditDetailValue(t, 'on_sale', true, {})).toBe('Yes');
    expect(auditDetailValue(t, 'published', false, {})).toBe('No');
    expect(auditDetailValue(t, 'count', 25000, {})).toBe('25,000');
    expect(auditDetailValue(t, 'note', '', {})).toBe('—');
    expect(auditDetailValue(t, 'slug', 'goldshell', {})).toBe('goldshell');
  });

  it('should name them in the reader language', () => {
    const japanese = createI18n({ language: 'ja', resources: buildResources() });
    const tJa = japanese.t.bind(japanese);
    expect(auditTargetLabel(tJa, 'support_ticket', '1')).toBe('サポートチケット #1');
    expect(auditDetailValue(tJa, 'on_sale', true, {})).toBe('はい');
  });
});
