import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRefreshScheduler } from './createRefreshScheduler';
import { type BroadcastLike, createSession, type SessionTokens } from './createSession';
import { MemoryStorage } from './memoryStorage';

function jwt(payload: unknown): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.c2lnbmF0dXJl`;
}

// Tokens live one hour: iat T, exp T + 3600 s; the refresh is due after T + 1800 s.
const LOGIN_S = 1_000_000;
const firstToken = jwt({ iat: LOGIN_S, exp: LOGIN_S + 3600 });
const secondToken = jwt({ iat: LOGIN_S + 1801, exp: LOGIN_S + 1801 + 3600 });

function setup() {
  const messages: unknown[] = [];
  let deliver: (event: { data: unknown }) => void = () => {};
  const broadcast: BroadcastLike = {
    postMessage: (message) => messages.push(message),
    addEventListener: (_type, listener) => {
      deliver = listener;
    },
    removeEventListener: () => {},
  };
  const session = createSession({
    local: new MemoryStorage(),
    session: new MemoryStorage(),
    broadcast,
  });
  return { session, messages, fromOtherTab: (data: unknown) => deliver({ data }) };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime((LOGIN_S + 10) * 1000);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('createRefreshScheduler', () => {
  it('should refresh just after half the lifetime, share the tokens and re-arm for the new ones', async () => {
    const { session, messages } = setup();
    session.login({ accessToken: firstToken, refreshToken: 'refresh-1' }, 1);
    const refresh = vi.fn(
      async (): Promise<SessionTokens> => ({ accessToken: secondToken, refreshToken: 'refresh-2' }),
    );
    const scheduler = createRefreshScheduler(session, refresh, { now: () => Date.now() });
    scheduler.start();

    // At exactly half the lifetime the rule is not yet met; one millisecond later it is.
    await vi.advanceTimersByTimeAsync(1790 * 1000);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(session.getAccessToken()).toBe(secondToken);
    expect(session.getRefreshToken()).toBe('refresh-2');
    expect(messages).toEqual([
      { type: 'poolkit-session/tokens', accessToken: secondToken, refreshToken: 'refresh-2' },
    ]);

    // The new token (iat LOGIN + 1801 s) is due at LOGIN + 3601 s + 1 ms; now is LOGIN + 1800 s + 1 ms.
    await vi.advanceTimersByTimeAsync(1801 * 1000 - 1);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(2);
    scheduler.stop();
  });

  it('should log out and report an auth failure when the refresh fails', async () => {
    const { session } = setup();
    session.login({ accessToken: firstToken, refreshToken: 'refresh-1' }, 1);
    session.set('pool_name', 'kas');
    const failure = new Error('refresh rejected');
    const onAuthFailure = vi.fn();
    const scheduler = createRefreshScheduler(session, () => Promise.reject(failure), {
      onAuthFailure,
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(1800 * 1000);
    expect(onAuthFailure).toHaveBeenCalledWith(failure);
    expect(session.isLoggedIn()).toBe(false);
    expect(session.get('pool_name')).toBeNull();
    scheduler.stop();
  });

  it('should not refresh before half the lifetime or after expiry when checked', async () => {
    const { session } = setup();
    session.login({ accessToken: firstToken, refreshToken: 'refresh-1' }, 1);
    const refresh = vi.fn(async () => ({ accessToken: secondToken, refreshToken: 'refresh-2' }));
    const scheduler = createRefreshScheduler(session, refresh);
    await expect(scheduler.check()).resolves.toBe(false);
    vi.setSystemTime((LOGIN_S + 3600) * 1000);
    await expect(scheduler.check()).resolves.toBe(false);
    expect(refresh).not.toHaveBeenCalled();
    vi.setSystemTime((LOGIN_S + 3000) * 1000);
    await expect(scheduler.check()).resolves.toBe(true);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('should renew at once when told, whatever the rule says, and sign out when that fails', async () => {
    const { session } = setup();
    const onAuthFailure = vi.fn();
    const refresh = vi
      .fn<() => Promise<SessionTokens>>()
      .mockResolvedValueOnce({ accessToken: secondToken, refreshToken: 'refresh-2' })
      .mockRejectedValueOnce(new Error('the session was revoked'));
    const scheduler = createRefreshScheduler(session, refresh, { onAuthFailure });
    // Signed out: nothing to renew.
    await expect(scheduler.renew()).resolves.toBe(false);
    session.login({ accessToken: firstToken, refreshToken: 'refresh-1' }, 1);
    // Ten seconds after login the rule says no; renew refreshes anyway, once for two callers.
    await expect(scheduler.check()).resolves.toBe(false);
    await expect(Promise.all([scheduler.renew(), scheduler.renew()])).resolves.toEqual([
      true,
      true,
    ]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(session.getAccessToken()).toBe(secondToken);
    // A refused refresh (a revoked session) signs out, as a scheduled one does.
    await expect(scheduler.renew()).resolves.toBe(false);
    expect(session.isLoggedIn()).toBe(false);
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
  });

  it('should share one refresh between concurrent checks', async () => {
    const { session } = setup();
    session.login({ accessToken: firstToken, refreshToken: 'refresh-1' }, 1);
    vi.setSystemTime((LOGIN_S + 3000) * 1000);
    const refresh = vi.fn(async () => ({ accessToken: secondToken, refreshToken: 'refresh-2' }));
    const scheduler = createRefreshScheduler(session, refresh);
    await expect(Promise.all([scheduler.check(), scheduler.check()])).resolves.toEqual([
      true,
      true,
    ]);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('should arm at login and disarm at stop', async () => {
    const { session } = setup();
    const refresh = vi.fn(async () => ({ accessToken: secondToken, refreshToken: 'refresh-2' }));
    const scheduler = createRefreshScheduler(session, refresh);
    scheduler.start();
    session.login({ accessToken: firstToken, refreshToken: 'refresh-1' }, 1);
    await vi.advanceTimersByTimeAsync(1800 * 1000);
    expect(refresh).toHaveBeenCalledTimes(1);

    scheduler.stop();
    const nowS = Math.floor(Date.now() / 1000);
    session.login(
      { accessToken: jwt({ iat: nowS, exp: nowS + 3600 }), refreshToken: 'refresh-3' },
      1,
    );
    await vi.advanceTimersByTimeAsync(3600 * 1000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('should not refresh when another tab already did', async () => {
    const { session, fromOtherTab } = setup();
    session.login({ accessToken: firstToken, refreshToken: 'refresh-1' }, 1);
    const refresh = vi.fn(async () => ({ accessToken: 'unused', refreshToken: 'unused' }));
    const scheduler = createRefreshScheduler(session, refresh);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(1700 * 1000);
    const otherTabToken = jwt({ iat: LOGIN_S + 1710, exp: LOGIN_S + 1710 + 3600 });
    fromOtherTab({
      type: 'poolkit-session/tokens',
      accessToken: otherTabToken,
      refreshToken: 'refresh-9',
    });
    await vi.advanceTimersByTimeAsync(200 * 1000);
    expect(refresh).not.toHaveBeenCalled();
    expect(session.getAccessToken()).toBe(otherTabToken);
    await vi.advanceTimersByTimeAsync(1800 * 1000);
    expect(refresh).toHaveBeenCalledTimes(1);
    scheduler.stop();
  });

  it('should use the injected timer functions', () => {
    const { session } = setup();
    session.login({ accessToken: firstToken, refreshToken: 'refresh-1' }, 1);
    const delays: number[] = [];
    const scheduler = createRefreshScheduler(session, vi.fn(), {
      now: () => (LOGIN_S + 800) * 1000,
      setTimeout: (_callback, delayMs) => {
        delays.push(delayMs);
        return delays.length;
      },
      clearTimeout: () => {},
    });
    scheduler.start();
    expect(delays).toEqual([1000 * 1000 + 1]);
  });
});
