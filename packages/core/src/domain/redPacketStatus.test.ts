import { describe, expect, it } from 'vitest';
import { canActivateRedPacket, nextRedPacketStatus, redPacketStatus } from './redPacketStatus';

const DEADLINE = Date.UTC(2025, 3, 30, 16, 0, 0);

describe('redPacketStatus', () => {
  it('should be inactive after receipt, before activation', () => {
    expect(redPacketStatus({ activationDeadlineMs: DEADLINE, nowMs: DEADLINE - 1 })).toBe(
      'inactive',
    );
  });

  it('should still be inactive at the deadline itself', () => {
    expect(redPacketStatus({ activationDeadlineMs: DEADLINE, nowMs: DEADLINE })).toBe('inactive');
  });

  it('should be invalid when not activated by the deadline', () => {
    expect(redPacketStatus({ activationDeadlineMs: DEADLINE, nowMs: DEADLINE + 1 })).toBe(
      'invalid',
    );
  });

  it('should be expired at the end of its duration', () => {
    const activatedAtMs = DEADLINE - 1000;
    const endsAtMs = activatedAtMs + 86_400_000;
    expect(
      redPacketStatus({
        activatedAtMs,
        endsAtMs,
        activationDeadlineMs: DEADLINE,
        nowMs: endsAtMs - 1,
      }),
    ).toBe('activated');
    expect(
      redPacketStatus({ activatedAtMs, endsAtMs, activationDeadlineMs: DEADLINE, nowMs: endsAtMs }),
    ).toBe('expired');
  });

  it('should be activated once activated, even after the deadline', () => {
    expect(
      redPacketStatus({
        activatedAtMs: DEADLINE - 1000,
        activationDeadlineMs: DEADLINE,
        nowMs: DEADLINE + 1000,
      }),
    ).toBe('activated');
  });

  it('should be invalid when withdrawn before activation', () => {
    expect(
      redPacketStatus({ activationDeadlineMs: DEADLINE, invalid: true, nowMs: DEADLINE - 1 }),
    ).toBe('invalid');
  });
});

describe('nextRedPacketStatus', () => {
  it('should move an inactive packet on each event', () => {
    expect(nextRedPacketStatus('inactive', 'activate')).toBe('activated');
    expect(nextRedPacketStatus('inactive', 'invalidate')).toBe('invalid');
    expect(nextRedPacketStatus('activated', 'expire')).toBe('expired');
  });

  it('should refuse the events a state does not allow', () => {
    expect(nextRedPacketStatus('inactive', 'expire')).toBeNull();
    expect(nextRedPacketStatus('activated', 'activate')).toBeNull();
    expect(nextRedPacketStatus('activated', 'invalidate')).toBeNull();
    expect(nextRedPacketStatus('expired', 'activate')).toBeNull();
    expect(nextRedPacketStatus('invalid', 'activate')).toBeNull();
  });

  it('should allow activation only of an inactive packet', () => {
    expect(canActivateRedPacket('inactive')).toBe(true);
    expect(canActivateRedPacket('activated')).toBe(false);
    expect(canActivateRedPacket('expired')).toBe(false);
    expect(canActivateRedPacket('invalid')).toBe(false);
  });
});
