import type { DepositAddress } from '@poolkit/core';
import { describe, expect, it } from 'vitest';
import { encodeQr } from '../../components/QRCode/encodeQr';
import { widgetHarness } from '../../lib/widgetHarness';
import { DepositCard } from './DepositCard';

const { render } = widgetHarness(320);

const xmr: DepositAddress = {
  coin: 'xmr',
  account: 'alice01',
  address:
    '44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A',
  chain: null,
  confirmations: 1,
  min_amount: '0.001',
};

describe('DepositCard', () => {
  it('should show the whole address on a 320 px phone, never cut or wider than the card', () => {
    const container = render(<DepositCard deposit={xmr} />);
    const card = container.querySelector('section');
    const address = container.querySelector('[data-testid="deposit-address"]');
    if (card === null || address === null) throw new Error('not rendered');
    expect(address.textContent).toBe(xmr.address);
    expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
    expect(address.getBoundingClientRect().right).toBeLessThanOrEqual(
      card.getBoundingClientRect().right,
    );
  });

  it('should draw the QR code of the address itself, module for module', () => {
    const container = render(<DepositCard deposit={xmr} qrSize={200} />);
    const svg = container.querySelector('svg[role="img"]');
    const matrix = encodeQr(xmr.address);
    // The quiet zone of 4 modules on each side, as the base QRCode draws it.
    expect(svg?.getAttribute('viewBox')).toBe(`0 0 ${matrix.size + 8} ${matrix.size + 8}`);
    const darkRuns = matrix.modules.reduce((runs, row) => {
      let count = 0;
      row.forEach((dark, x) => {
        if (dark && !row[x - 1]) count += 1;
      });
      return runs + count;
    }, 0);
    expect(svg?.querySelector('path')?.getAttribute('d')?.match(/M/g)?.length).toBe(darkRuns);
  });
});
