import { describe, expect, it } from 'vitest';
import {
  SHARE_STREAM_VERSION,
  type ShareMessageInput,
  shareMessageSchema,
  shareSubject,
} from './shareStream';

const share: ShareMessageInput = {
  v: 1,
  share_id: 'eu1:7f3a:000129',
  account: 'alice01',
  coin: 'btc',
  worker: 'rig01',
  difficulty: 65536,
  accepted: true,
  timestamp: Date.UTC(2026, 0, 10, 12, 0),
};

function fieldsOf(input: unknown): string[] {
  const result = shareMessageSchema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => issue.path.join('.'));
}

describe('share stream message', () => {
  it('should accept a share of an account, of an address and of a farm', () => {
    expect(shareMessageSchema.parse(share)).toEqual(share);
    const byAddress = {
      ...share,
      account: undefined,
      address: 'kaspa:qqkqkzjvr7zwxxmjxjkmxxdwju9kjs6e9u82uh59z07vgaks6gg62v8707g73',
      coin: 'kas',
      ip: '192.0.2.7',
      count: 12,
    };
    expect(shareMessageSchema.safeParse(byAddress).success).toBe(true);
    expect(
      shareMessageSchema.safeParse({
        ...share,
        account: undefined,
        farm: 'farm',
        ip: '2001:db8::1',
      }).success,
    ).toBe(true);
  });

  it('should put version 1 on a subject per coin', () => {
    expect(SHARE_STREAM_VERSION).toBe(1);
    expect(shareSubject('btc')).toBe('poolkit.shares.v1.btc');
    expect(shareSubject('grin-c32')).toBe('poolkit.shares.v1.grin-c32');
  });

  it('should refuse another version and name the field', () => {
    expect(fieldsOf({ ...share, v: 2 })).toEqual(['v']);
    expect(fieldsOf({ ...share, v: undefined })).toEqual(['v']);
  });

  it('should refuse a message without exactly one of account, address or farm', () => {
    expect(fieldsOf({ ...share, account: undefined })).toEqual(['account']);
    expect(fieldsOf({ ...share, farm: 'farm' })).toEqual(['account']);
  });

  it('should refuse bad fields and name each one', () => {
    expect(fieldsOf({ ...share, share_id: '' })).toEqual(['share_id']);
    expect(fieldsOf({ ...share, share_id: 'a b' })).toEqual(['share_id']);
    expect(fieldsOf({ ...share, share_id: 'x'.repeat(129) })).toEqual(['share_id']);
    expect(fieldsOf({ ...share, share_id: 'id\r\nNats-Msg-Id: other' })).toEqual(['share_id']);
    expect(fieldsOf({ ...share, coin: 'nope' })).toEqual(['coin']);
    expect(fieldsOf({ ...share, worker: 'Rig 1' })).toEqual(['worker']);
    expect(fieldsOf({ ...share, difficulty: 0 })).toEqual(['difficulty']);
    expect(fieldsOf({ ...share, difficulty: -1 })).toEqual(['difficulty']);
    expect(fieldsOf({ ...share, difficulty: Number.POSITIVE_INFINITY })).toEqual(['difficulty']);
    expect(fieldsOf({ ...share, difficulty: '65536' })).toEqual(['difficulty']);
    expect(fieldsOf({ ...share, accepted: 'yes' })).toEqual(['accepted']);
    expect(fieldsOf({ ...share, timestamp: 1.5 })).toEqual(['timestamp']);
    expect(fieldsOf({ ...share, timestamp: -1 })).toEqual(['timestamp']);
    expect(fieldsOf({ ...share, ip: 'not an ip' })).toEqual(['ip']);
    expect(fieldsOf({ ...share, count: 0 })).toEqual(['count']);
    expect(fieldsOf({ ...share, count: 2.5 })).toEqual(['count']);
    expect(fieldsOf({ ...share, account: 'al' })).toEqual(['account']);
  });

  it('should drop unknown fields instead of refusing the message', () => {
    const parsed = shareMessageSchema.parse({ ...share, job_id: 'a1' });
    expect(parsed).toEqual(share);
  });
});
