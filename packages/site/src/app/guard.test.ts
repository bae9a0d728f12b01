import { createI18n } from '@poolkit/core/i18n';
import { createSession, MemoryStorage } from '@poolkit/core/session';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { dismissFeedback, type FeedbackMessage, subscribeFeedback } from './feedback';
import { createGuardLoader, forbiddenMessageKey } from './guard';
import { Redirect } from './nav/router';
import type { Services } from './services';

/** A signed-in user holding `permissions`; only what the guard uses of the services is real. */
function servicesOf(permissions: readonly string[]): Services {
  const session = createSession({ local: new MemoryStorage(), session: new MemoryStorage() });
  session.setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  const api = { currentPermissions: async () => ({ permissions: [...permissions] }) };
  const scheduler = { check: async () => true };
  // The guard calls nothing else of the API and the scheduler.
  return { session, api, scheduler, i18n: createI18n() } as unknown as Services;
}

let shown: readonly FeedbackMessage[] = [];
const unsubscribe = subscribeFeedback((messages) => {
  shown = messages;
});

afterEach(() => {
  for (const message of shown) dismissFeedback(message.id);
});

async function navigate(services: Services, path: string): Promise<unknown> {
  const loader = createGuardLoader(services);
  try {
    return await loader({ request: new Request(`http://localhost${path}`) } as never);
  } catch (thrown) {
    return thrown;
  }
}

describe('the guard on a page the user may not open', () => {
  it('should send a signed-in non-operator home from /admin and tell them they have no access', async () => {
    const outcome = await navigate(servicesOf(['user.view']), '/admin/withdrawals');
    expect(outcome).toBeInstanceOf(Redirect);
    expect(outcome instanceof Redirect ? outcome.to : '').toBe('/');
    expect(shown.map((message) => [message.text, message.tone])).toEqual([
      ['You have no access to the operator area.', 'error'],
    ]);
  });

  it('should let an operator in without a message', async () => {
    const outcome = await navigate(servicesOf(['user.view', 'admin.view']), '/admin/withdrawals');
    expect(outcome).not.toBeInstanceOf(Redirect);
    expect(shown).toEqual([]);
  });

  it('should name the operator area only for its own pages', () => {
    expect(forbiddenMessageKey('/admin')).toBe('site.guard.noOperatorAccess');
    expect(forbiddenMessageKey('/admin/audit-log')).toBe('site.guard.noOperatorAccess');
    expect(forbiddenMessageKey('/administrator')).toBe('site.guard.noAccess');
  });
});

// The feedback list is shared by the test files of this page: leave no listener behind.
afterAll(unsubscribe);
