import { describe, expect, it } from 'vitest';
import { cancellationState } from './cancellationState';

const REQUESTED = Date.UTC(2025, 0, 10, 0, 0, 0);
const DAY = 24 * 60 * 60 * 1000;

describe('cancellationState', () => {
  it('should be pending (revocable) right after the request', () => {
    expect(cancellationState(REQUESTED, REQUESTED)).toBe('pending');
  });

  it('should still be pending 1 ms before 30 days', () => {
    expect(cancellationState(REQUESTED, REQUESTED + 30 * DAY - 1)).toBe('pending');
  });

  it('should be final at exactly 30 days', () => {
    expect(cancellationState(REQUESTED, REQUESTED + 30 * DAY)).toBe('final');
  });

  it('should be final long after', () => {
    expect(cancellationState(REQUESTED, REQUESTED + 365 * DAY)).toBe('final');
  });
});
