import { afterEach, describe, expect, it } from 'vitest';
import { MemoryCookieJar } from './cookieJar';
import { type BroadcastLike, createSession, type SessionEvent } from './createSession';
import { MemoryStorage } from './memoryStorage';
import {
  PER_SESSION_KEYS,
  PERSISTENT_KEYS,
  SESSION_CHANNEL_NAME,
  STORAGE_KEYS,
  USER_ID_COOKIE,
} from './storageKeys';

function jwt(payload: unknown): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.c2lnbmF0dXJl`;
}

function setup() {
  const local = new MemoryStorage();
  const perTab = new MemoryStorage();
  const cookies = new MemoryCookieJar();
  const session = createSession({ local, session: perTab, cookies, now: () => 5_000 });
  return { local, perTab, cookies, session };
}

describe('storage keys', () => {
  it('should be exactly the keys of spec section 3', () => {
    expect([...PERSISTENT_KEYS]).toEqual([
      'access_token',
      'refresh_token',
      'token_exp',
      'redpacket_hash',
      'language',
      'hide_wallet',
      'hide_eye',
      'search_list',
      'default_addr_list',
      'mining_pool_address',
    ]);
    expect([...PER_SESSION_KEYS]).toEqual(['pool_name', 'electricity_fee', 'currency']);
    expect(Object.values(STORAGE_KEYS).sort()).toEqual(
      [...PERSISTENT_KEYS, ...PER_SESSION_KEYS].sort(),
    );
    expect(USER_ID_COOKIE).toBe('userID');
    expect(SESSION_CHANNEL_NAME).toBe('poolkit-session');
  });
});

describe('createSession login and logout', () => {
  it('should store the tokens, the expiry in ms and the userID cookie at login', () => {
    const { local, cookies, session } = setup();
    const accessToken = jwt({ iat: 1_000, exp: 4_600 });
    session.login({ accessToken, refreshToken: 'refresh-1' }, 42);
    expect(local.getItem('access_token')).toBe(accessToken);
    expect(local.getItem('refresh_token')).toBe('refresh-1');
    expect(local.getItem('token_exp')).toBe('4600000');
    expect(cookies.get('userID')).toBe('42');
    expect(session.getAccessToken()).toBe(accessToken);
    expect(session.getRefreshToken()).toBe('refresh-1');
    expect(session.getTokenExpiry()).toBe(4_600_000);
    expect(session.getTokenIssuedAt()).toBe(1_000_000);
    expect(session.getUserId()).toBe('42');
    expect(session.isLoggedIn()).toBe(true);
  });

  it('should store no expiry for a token without exp and use the storing time as login time', () => {
    const { local, session } = setup();
    local.setItem('token_exp', '123');
    session.login({ accessToken: 'opaque', refreshToken: 'refresh-1' }, 'u1');
    expect(local.getItem('token_exp')).toBeNull();
    expect(session.getTokenExpiry()).toBeNull();
    expect(session.getTokenIssuedAt()).toBe(5_000);
  });

  it('should forget the previous user roles at login', () => {
    const { session } = setup();
    session.setRoles(['wallet.view']);
    session.login({ accessToken: 'a', refreshToken: 'r' }, 1);
    expect(session.getRoles()).toEqual([]);
  });

  it('should clear the tokens, pool name, cookie, observer and roles at logout and keep the preferences', () => {
    const { local, perTab, cookies, session } = setup();
    session.login({ accessToken: jwt({ exp: 9_000 }), refreshToken: 'refresh-1' }, 42);
    session.set('language', 'ko');
    session.set('redpacket_hash', 'hash-1');
    session.set('hide_wallet', true);
    session.set('hide_eye', true);
    session.set('search_list', [{ pool: 'kas', addr: 'kaspa:1' }]);
    session.set('default_addr_list', [{ pool: 'alph', addr: 'alph:1' }]);
    session.set('mining_pool_address', 'stratum+tcp://kas.example:3333');
    session.set('pool_name', 'kas');
    session.set('electricity_fee', '0.08');
    session.set('currency', 'USD');
    session.setRoles(['pool.view']);
    session.observer.start('observer-1');
    session.observer.setRoles(['miner.view']);

    session.logout();

    expect(local.getItem('access_token')).toBeNull();
    expect(local.getItem('refresh_token')).toBeNull();
    expect(local.getItem('token_exp')).toBeNull();
    expect(perTab.getItem('pool_name')).toBeNull();
    expect(cookies.get('userID')).toBeNull();
    expect(session.observer.getToken()).toBeNull();
    expect(session.observer.getRoles()).toEqual([]);
    expect(session.getRoles()).toEqual([]);
    expect(session.isLoggedIn()).toBe(false);

    expect(local.length).toBe(7);
    expect(session.get('language')).toBe('ko');
    expect(session.get('redpacket_hash')).toBe('hash-1');
    expect(session.get('hide_wallet')).toBe(true);
    expect(session.get('hide_eye')).toBe(true);
    expect(session.get('search_list')).toEqual([{ pool: 'kas', addr: 'kaspa:1' }]);
    expect(session.get('default_addr_list')).toEqual([{ pool: 'alph', addr: 'alph:1' }]);
    expect(session.get('mining_pool_address')).toBe('stratum+tcp://kas.example:3333');
    expect(perTab.length).toBe(2);
    expect(session.get('electricity_fee')).toBe('0.08');
    expect(session.get('currency')).toBe('USD');
  });
});

describe('createSession preferences', () => {
  it('should default the language to en and ignore an unsupported stored one', () => {
    const { local, session } = setup();
    expect(session.get('language')).toBe('en');
    local.setItem('language', 'fr');
    expect(session.get('language')).toBe('en');
    session.set('language', 'zh-CN');
    expect(local.getItem('language')).toBe('zh-CN');
    expect(session.get('language')).toBe('zh-CN');
    // @ts-expect-error: 'fr' is not a PoolKit language.
    expect(() => session.set('language', 'fr')).toThrow(TypeError);
  });

  it('should store flags as true/false and default them to false', () => {
    const { local, session } = setup();
    expect(session.get('hide_wallet')).toBe(false);
    session.set('hide_wallet', true);
    expect(local.getItem('hide_wallet')).toBe('true');
    expect(session.get('hide_wallet')).toBe(true);
    session.set('hide_wallet', false);
    expect(local.getItem('hide_wallet')).toBe('false');
    expect(session.get('hide_wallet')).toBe(false);
  });

  it('should store lists as JSON and read a broken list as empty', () => {
    const { local, session } = setup();
    expect(session.get('search_list')).toEqual([]);
    session.set('default_addr_list', [{ pool: 'kas', addr: 'kaspa:1' }]);
    expect(JSON.parse(local.getItem('default_addr_list') ?? '')).toEqual([
      { pool: 'kas', addr: 'kaspa:1' },
    ]);
    local.setItem('search_list', '{not json');
    expect(session.get('search_list')).toEqual([]);
    local.setItem('search_list', '[{"pool":1}]');
    expect(session.get('search_list')).toEqual([]);
  });

  it('should refuse a malformed list and drop extra properties when storing one', () => {
    const { local, session } = setup();
    // @ts-expect-error: an entry without `addr` is not a DefaultAddress.
    expect(() => session.set('default_addr_list', [{ pool: 'kas' }])).toThrow(TypeError);
    expect(local.getItem('default_addr_list')).toBeNull();
    const extra = { pool: 'kas', addr: 'kaspa:1', note: 'mine' };
    session.set('search_list', [extra]);
    expect(JSON.parse(local.getItem('search_list') ?? '')).toEqual([
      { pool: 'kas', addr: 'kaspa:1' },
    ]);
  });

  it('should keep at most 10 recent searches, newest first and without duplicates', () => {
    const { session } = setup();
    for (let index = 0; index < 12; index += 1)
      session.addRecentSearch({ pool: 'kas', addr: `a${index}` });
    const list = session.addRecentSearch({ pool: 'kas', addr: 'a5' });
    expect(list).toHaveLength(10);
    expect(list.map((item) => item.addr)).toEqual([
      'a5',
      'a11',
      'a10',
      'a9',
      'a8',
      'a7',
      'a6',
      'a4',
      'a3',
      'a2',
    ]);
    expect(session.get('search_list')).toEqual(list);
    session.set(
      'search_list',
      Array.from({ length: 15 }, (_, index) => ({ pool: 'alph', addr: `b${index}` })),
    );
    expect(session.get('search_list')).toHaveLength(10);
  });

  it('should keep per-session keys in session storage', () => {
    const { local, perTab, session } = setup();
    session.set('pool_name', 'kas');
    session.set('electricity_fee', '0.05');
    session.set('currency', 'CNY');
    expect(perTab.getItem('pool_name')).toBe('kas');
    expect(perTab.getItem('electricity_fee')).toBe('0.05');
    expect(perTab.getItem('currency')).toBe('CNY');
    expect(local.length).toBe(0);
  });

  it('should remove a preference set to null', () => {
    const { local, session } = setup();
    session.set('mining_pool_address', 'addr');
    session.set('mining_pool_address', null);
    expect(local.getItem('mining_pool_address')).toBeNull();
    session.set('language', 'ru');
    session.set('language', null);
    expect(session.get('language')).toBe('en');
  });

  it('should tell subscribers about changes until they unsubscribe', () => {
    const { session } = setup();
    const events: SessionEvent[] = [];
    const unsubscribe = session.subscribe((event) => events.push(event));
    session.set('currency', 'USD');
    session.login({ accessToken: 'a', refreshToken: 'r' }, 1);
    session.setRoles(['pool.view']);
    session.observer.start('o');
    session.logout();
    unsubscribe();
    session.set('currency', 'CNY');
    expect(events).toEqual([
      { type: 'preference', key: 'currency' },
      { type: 'login' },
      { type: 'roles' },
      { type: 'observer' },
      { type: 'logout' },
    ]);
  });
});

describe('createSession tokens across tabs', () => {
  const channels: BroadcastChannel[] = [];
  afterEach(() => {
    for (const channel of channels.splice(0)) channel.close();
  });

  it('should broadcast refreshed tokens only when they change', () => {
    const messages: unknown[] = [];
    const broadcast: BroadcastLike = {
      postMessage: (message) => messages.push(message),
      addEventListener: () => {},
      removeEventListener: () => {},
    };
    const session = createSession({
      local: new MemoryStorage(),
      session: new MemoryStorage(),
      broadcast,
    });
    session.login({ accessToken: 'a1', refreshToken: 'r1' }, 1);
    session.setTokens({ accessToken: 'a2', refreshToken: 'r2' });
    session.setTokens({ accessToken: 'a2', refreshToken: 'r2' });
    expect(messages).toEqual([
      { type: 'poolkit-session/tokens', accessToken: 'a2', refreshToken: 'r2' },
    ]);
    expect(session.getAccessToken()).toBe('a2');
  });

  it('should hand refreshed tokens to a session in another tab through BroadcastChannel', async () => {
    const channelA = new BroadcastChannel(SESSION_CHANNEL_NAME);
    const channelB = new BroadcastChannel(SESSION_CHANNEL_NAME);
    channels.push(channelA, channelB);
    const tabA = createSession({
      local: new MemoryStorage(),
      session: new MemoryStorage(),
      broadcast: channelA,
    });
    const tabB = createSession({
      local: new MemoryStorage(),
      session: new MemoryStorage(),
      broadcast: channelB,
    });
    tabA.login({ accessToken: 'a1', refreshToken: 'r1' }, 1);
    tabB.login({ accessToken: 'a1', refreshToken: 'r1' }, 1);
    const eventsA: SessionEvent[] = [];
    tabA.subscribe((event) => eventsA.push(event));
    const received = new Promise<SessionEvent>((resolve) => {
      tabB.subscribe(resolve);
    });
    const token = jwt({ iat: 100, exp: 200 });

    tabA.setTokens({ accessToken: token, refreshToken: 'r2' });

    expect(await received).toEqual({ type: 'tokens', remote: true });
    expect(tabB.getAccessToken()).toBe(token);
    expect(tabB.getRefreshToken()).toBe('r2');
    expect(tabB.getTokenExpiry()).toBe(200_000);
    // Tab B stores without broadcasting back: tab A only saw its own change.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(eventsA).toEqual([{ type: 'tokens', remote: false }]);
  });

  it('should ignore foreign and unchanged messages and stop listening after dispose', async () => {
    const channelA = new BroadcastChannel(SESSION_CHANNEL_NAME);
    const channelB = new BroadcastChannel(SESSION_CHANNEL_NAME);
    channels.push(channelA, channelB);
    const tabB = createSession({
      local: new MemoryStorage(),
      session: new MemoryStorage(),
      broadcast: channelB,
    });
    tabB.login({ accessToken: 'a1', refreshToken: 'r1' }, 1);
    const events: SessionEvent[] = [];
    tabB.subscribe((event) => events.push(event));
    channelA.postMessage({ type: 'something-else', accessToken: 'x', refreshToken: 'y' });
    channelA.postMessage({ type: 'poolkit-session/tokens', accessToken: 'a1', refreshToken: 'r1' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(tabB.getAccessToken()).toBe('a1');
    expect(events).toEqual([]);
    tabB.dispose();
    channelA.postMessage({ type: 'poolkit-session/tokens', accessToken: 'x', refreshToken: 'y' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(tabB.getAccessToken()).toBe('a1');
  });
});

describe('createSession observer mode', () => {
  it('should start observer mode from the URL and keep its roles apart from the user roles', () => {
    const { session } = setup();
    session.login({ accessToken: 'a', refreshToken: 'r' }, 1);
    session.setRoles(['wallet.view', 'pool.view']);
    expect(session.syncObserverFromUrl('/pool/kas/home?observer_token=obs-1')).toEqual({
      reload: false,
      observer: true,
    });
    expect(session.observer.getToken()).toBe('obs-1');
    expect(session.observer.isActive()).toBe(true);
    expect(session.isReadOnly()).toBe(true);
    session.observer.setRoles(['pool.view']);
    expect(session.getActiveRoles()).toEqual(['pool.view']);
    expect(session.getRoles()).toEqual(['wallet.view', 'pool.view']);
    expect(session.getAccessToken()).toBe('a');
  });

  it('should clear the observer token and ask for a reload when the URL lacks it', () => {
    const { session } = setup();
    session.syncObserverFromUrl('https://pool.example/pool/kas/home?observer_token=obs-1');
    session.observer.setRoles(['pool.view']);
    expect(session.syncObserverFromUrl('https://pool.example/pool/kas/miner?tab=2#list')).toEqual({
      reload: true,
      url: 'https://pool.example/pool/kas/miner?tab=2#list',
    });
    expect(session.observer.getToken()).toBeNull();
    expect(session.observer.getRoles()).toEqual([]);
    expect(session.isReadOnly()).toBe(false);
  });

  it('should do nothing when neither the URL nor the session has an observer token', () => {
    const { session } = setup();
    expect(session.syncObserverFromUrl('/login')).toEqual({ reload: false, observer: false });
  });

  it('should forget the observer roles when another observer token arrives', () => {
    const { session } = setup();
    session.syncObserverFromUrl('/?observer_token=obs-1');
    session.observer.setRoles(['pool.view']);
    session.syncObserverFromUrl('/?observer_token=obs-1');
    expect(session.observer.getRoles()).toEqual(['pool.view']);
    session.syncObserverFromUrl('/?observer_token=obs-2');
    expect(session.observer.getToken()).toBe('obs-2');
    expect(session.observer.getRoles()).toEqual([]);
  });
});
