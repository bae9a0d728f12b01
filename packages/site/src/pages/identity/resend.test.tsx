import { ApiError } from '@poolkit/core/client';
import { RESEND_CODE_SECONDS } from '@poolkit/core/constants';
import { ERROR_CODES } from '@poolkit/core/contract';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Services } from '../../app/services';
import { codeSender } from '../asset/wallet';
import { type ResendCountdown, resendWaitOf, useResendCountdown } from './resend';

/** Tells React this file drives updates through act(); the page is shared with other files. */
const reactGlobal = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
beforeAll(() => {
  reactGlobal.IS_REACT_ACT_ENVIRONMENT = true;
});
afterAll(() => {
  reactGlobal.IS_REACT_ACT_ENVIRONMENT = undefined;
});

/** The server's answer to a second "send code" within 60 s (identity/codes.ts). */
function tooSoon(seconds: number): ApiError {
  return new ApiError({
    kind: 'http',
    status: 429,
    code: ERROR_CODES.rateLimited,
    serverMessage: `A code was sent less than 60 s ago; resend_after_s: ${seconds}`,
  });
}

describe('resendWaitOf', () => {
  it('should read the seconds to wait from the 429 to a code sent too soon', () => {
    expect(resendWaitOf(tooSoon(40))).toBe(40);
  });

  it('should wait the full minute on a 429 that names no wait', () => {
    const error = new ApiError({ kind: 'http', status: 429, serverMessage: 'Too many requests' });
    expect(resendWaitOf(error)).toBe(RESEND_CODE_SECONDS);
  });

  it('should leave every other error alone', () => {
    expect(resendWaitOf(new ApiError({ kind: 'http', status: 400, serverMessage: 'x' }))).toBe(
      undefined,
    );
    expect(resendWaitOf(new Error('resend_after_s: 40'))).toBe(undefined);
  });
});

describe('codeSender', () => {
  const user = { verify_type: 'email' } as const;
  const servicesWith = (send: () => Promise<unknown>) =>
    ({ api: { sendVerifiedEmailCode: send } }) as unknown as Services;

  it('should answer the wait instead of rejecting when a code went out less than 60 s ago', async () => {
    const send = codeSender(
      servicesWith(() => Promise.reject(tooSoon(40))),
      user,
      'withdraw',
    );
    await expect(send?.()).resolves.toBe(40);
  });

  it('should answer nothing when the code went out, and reject other errors', async () => {
    await expect(
      codeSender(
        servicesWith(async () => ({})),
        user,
        'withdraw',
      )?.(),
    ).resolves.toBe(undefined);
    const refused = new ApiError({ kind: 'http', status: 400, serverMessage: 'No email' });
    const send = codeSender(
      servicesWith(() => Promise.reject(refused)),
      user,
      'withdraw',
    );
    await expect(send?.()).rejects.toBe(refused);
  });
});

describe('useResendCountdown', () => {
  let root: Root | undefined;
  let host: HTMLElement | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    host?.remove();
  });

  function mount(): { current: () => ResendCountdown } {
    let latest: ResendCountdown | undefined;
    function Probe() {
      latest = useResendCountdown();
      return <span data-testid="left">{latest.left}</span>;
    }
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    act(() => root?.render(<Probe />));
    return {
      current: () => {
        if (latest === undefined) throw new Error('not rendered');
        return latest;
      },
    };
  }

  it('should count down the wait the server names, without reporting the refusal', async () => {
    const countdown = mount();
    const onError = vi.fn();
    let outcome: string | undefined;
    await act(async () => {
      outcome = await countdown.current().send(() => Promise.reject(tooSoon(40)), onError);
    });
    expect(outcome).toBe('wait');
    expect(onError).not.toHaveBeenCalled();
    expect(countdown.current().left).toBe(40);
    // A click during the countdown sends nothing.
    const again = vi.fn(async () => undefined);
    await act(async () => {
      outcome = await countdown.current().send(again, onError);
    });
    expect(outcome).toBe('busy');
    expect(again).not.toHaveBeenCalled();
  });

  it('should count down 60 s after a send, and report other errors', async () => {
    const countdown = mount();
    const onError = vi.fn();
    const refused = new ApiError({ kind: 'http', status: 400, serverMessage: 'No email' });
    await act(async () => {
      await countdown.current().send(() => Promise.reject(refused), onError);
    });
    expect(onError).toHaveBeenCalledWith(refused);
    expect(countdown.current().left).toBe(0);
    await act(async () => {
      await countdown.current().send(async () => undefined, onError);
    });
    expect(countdown.current().left).toBe(RESEND_CODE_SECONDS);
  });
});
