import { ApiError } from '@poolkit/core/client';
import { type ContractOrder, ERROR_CODES } from '@poolkit/core/contract';
import { describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { subscribeFeedback } from '../../app/feedback';
import { type FakeAnswers, pageHarness } from '../../app/pageHarness';
import { Component } from './ContractOrderDetailPage';

const { render } = pageHarness();

const ORDER: ContractOrder = {
  id: '42',
  batch: '2026-11',
  product_id: '7',
  product_name: 'S21 cloud contract',
  account: 'demo',
  coin: 'btc',
  miner: 'Antminer S21',
  quantity: 1,
  power: 200_000_000_000_000,
  status: 'unpaid',
  pay_method: null,
  created_at: '2026-11-28T10:00:00Z',
  pay_amount: '100.00',
  currency: 'USDT',
  pay_address: 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW',
  pay_deadline: '2026-11-28T12:00:00Z',
  payment_certificates: [],
  effective_date: null,
  end_time: null,
  electricity_fee: '0.00010000',
  management_fee_percent: '5',
  management_fee: '0',
  estimated_earnings: '0.00020000',
  actual_earnings: '0',
  reject_reason: null,
};

const MISSING = 'Please set a pay password first';

/** A fresh RSA-OAEP key in the PEM the server's `GET /public-key` answers. */
async function publicKeyPem(): Promise<string> {
  const pair = await crypto.subtle.generateKey(
    {
      name: 'RSA-OAEP',
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: 'SHA-256',
    },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  const base64 = btoa(String.fromCharCode(...spki));
  return `-----BEGIN PUBLIC KEY-----\n${base64}\n-----END PUBLIC KEY-----`;
}

function answers(payPasswordSet: boolean, more: FakeAnswers = {}): FakeAnswers {
  return {
    contractOrder: () => ORDER,
    userInfo: () => ({ verify_type: 'email', pay_password_set: payPasswordSet }),
    ...more,
  };
}

describe('ContractOrderDetailPage wallet payment', () => {
  it('should say a pay password is needed and open its setting on the order page', async () => {
    await render(Component, `/contract/order/${ORDER.id}`, answers(false));
    const missing = page.getByTestId('pay-password-missing');
    await expect.element(missing.getByRole('alert')).toHaveTextContent(MISSING);
    await missing.getByRole('button', { name: 'Set pay password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set pay password' });
    await expect.element(dialog).toBeVisible();
    await expect.element(dialog.getByLabelText('New pay password')).toBeVisible();
    // Still the order's page: the setting opened over it.
    expect(document.querySelector('h1')?.textContent).toContain(`#${ORDER.id}`);
  });

  it('should show no such notice to a user who has a pay password', async () => {
    await render(Component, `/contract/order/${ORDER.id}`, answers(true));
    await expect.element(page.getByRole('heading', { name: 'From the wallet' })).toBeVisible();
    await expect.element(page.getByTestId('pay-password-missing')).not.toBeInTheDocument();
  });

  it('should offer the setting when the server refuses the payment for want of a pay password', async () => {
    const key = { public_key: await publicKeyPem(), key_id: 'key-1' };
    await render(
      Component,
      `/contract/order/${ORDER.id}`,
      answers(true, {
        publicKey: () => key,
        payContractOrder: () => {
          throw new ApiError({
            kind: 'http',
            status: 400,
            code: ERROR_CODES.payPasswordNotSet,
            serverMessage: 'pay password not set',
          });
        },
      }),
    );
    await page.getByLabelText('Pay password').fill('123456');
    await page.getByRole('button', { name: /^Pay / }).click();
    const missing = page.getByTestId('pay-password-missing');
    await expect.element(missing.getByRole('alert')).toHaveTextContent(MISSING);
    await expect.element(missing.getByRole('button', { name: 'Set pay password' })).toBeVisible();
  });

  it('should show the paid order as paid once the wallet payment is through, without a reload', async () => {
    const key = { public_key: await publicKeyPem(), key_id: 'key-1' };
    let current = ORDER;
    const read = vi.fn(() => current);
    await render(
      Component,
      `/contract/order/${ORDER.id}`,
      answers(true, {
        contractOrder: read,
        publicKey: () => key,
        payContractOrder: () => {
          current = {
            ...ORDER,
            status: 'pending',
            pay_method: 'wallet',
            effective_date: '2026-11-29',
          };
          return current;
        },
      }),
    );
    const steps = page.getByRole('list', { name: 'Order progress' });
    await expect.element(steps.getByText('Order placed')).toBeVisible();
    const step = () => document.querySelector('[aria-current="step"]')?.textContent;
    expect(step()).toContain('Order placed');
    const said: string[] = [];
    const stopListening = subscribeFeedback((messages) => {
      said.push(...messages.map((message) => message.text));
    });
    try {
      await page.getByLabelText('Pay password').fill('123456');
      await page.getByRole('button', { name: /^Pay / }).click();
      // The payment's write invalidated the order's read: the page asked for it again.
      await vi.waitFor(() => expect(step()).toContain('Paid, awaiting effect'));
    } finally {
      stopListening();
    }
    expect(said).toContain('Paid. Mining starts on 2026-11-29.');
    expect(read).toHaveBeenCalledTimes(2);
    await expect.element(page.getByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
  });
});
