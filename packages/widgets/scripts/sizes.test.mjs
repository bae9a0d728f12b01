import { describe, expect, it } from 'vitest';
import { checkSizes } from '../../../scripts/checkSizes.mjs';
import {
  ELEMENTS_BUDGET_KB,
  elementsSizeGroup,
  OTHER_WIDGET_KB,
  WIDGET_BUDGETS_KB,
  widgetSizeFigures,
} from './sizes.mjs';

/** Measured sizes as `measureWidgetSizes` gives them, every entry within its budget. */
function measured(overrides = {}) {
  return {
    entries: {
      index: { gzipBytes: 141_000, chunks: 35 },
      'connected/index': { gzipBytes: 121_000, chunks: 21 },
      'widgets/ContractDashboard/ContractDashboard': { gzipBytes: 11_090, chunks: 16 },
      'widgets/ContractProductCard/ContractProductCard': { gzipBytes: 11_140, chunks: 15 },
      'widgets/DepositCard/DepositCard': { gzipBytes: 11_350, chunks: 12 },
      'widgets/ExchangeDialog/ExchangeDialog': { gzipBytes: 7_950, chunks: 10 },
      'widgets/HashrateChart/HashrateChart': { gzipBytes: 42_500, chunks: 11 },
      'widgets/Luck/Luck': { gzipBytes: 6_750, chunks: 9 },
      'widgets/MinerRanking/MinerRanking': { gzipBytes: 8_900, chunks: 14 },
      'widgets/ObserverLinkCard/ObserverLinkCard': { gzipBytes: 10_270, chunks: 9 },
      'widgets/OrderTable/OrderTable': { gzipBytes: 12_560, chunks: 17 },
      'widgets/TransactionTable/TransactionTable': { gzipBytes: 10_520, chunks: 12 },
      'widgets/TransferDialog/TransferDialog': { gzipBytes: 11_700, chunks: 12 },
      'widgets/WalletCard/WalletCard': { gzipBytes: 10_400, chunks: 13 },
      'widgets/WithdrawDialog/WithdrawDialog': { gzipBytes: 11_370, chunks: 13 },
      'widgets/WorkerTable/WorkerTable': { gzipBytes: 11_470, chunks: 15 },
      ...overrides,
    },
    packageJsGzipBytes: 241_000,
    cssGzipBytes: 11_300,
  };
}

describe('widgetSizeFigures', () => {
  it('should give each widget entry its own budget or the default one', () => {
    const figures = widgetSizeFigures(measured());
    expect(figures.find((figure) => figure.name === 'WorkerTable')?.budgetKb).toBe(
      WIDGET_BUDGETS_KB['widgets/WorkerTable/WorkerTable'],
    );
    expect(figures.find((figure) => figure.name === 'MinerRanking')?.budgetKb).toBe(
      OTHER_WIDGET_KB,
    );
    expect(figures.find((figure) => figure.name === 'index')?.budgetKb).toBeUndefined();
    expect(checkSizes([{ title: 'widgets', figures }]).over).toEqual([]);
  });

  it('should fail the check when a widget entry grows past its budget', () => {
    const grown = measured({
      'widgets/MinerRanking/MinerRanking': { gzipBytes: 17_316, chunks: 14 },
    });
    const { report, over } = checkSizes([{ title: 'widgets', figures: widgetSizeFigures(grown) }]);
    expect(over.map((figure) => figure.name)).toEqual(['MinerRanking']);
    expect(report).toMatch(/OVER {2}MinerRanking +16\.91 KB {2}budget 10 KB/);
  });

  it('should fail the check when an entry with a budget of its own is no longer built', () => {
    const entries = measured();
    delete entries.entries['widgets/HashrateChart/HashrateChart'];
    const { over } = checkSizes([{ title: 'widgets', figures: widgetSizeFigures(entries) }]);
    expect(over).toEqual([{ name: 'HashrateChart', gzipBytes: undefined, budgetKb: 60 }]);
  });
});

describe('elementsSizeGroup', () => {
  it("should hold the custom elements' module to its budget, and fail it when missing", () => {
    const within = elementsSizeGroup(ELEMENTS_BUDGET_KB * 1024);
    expect(checkSizes([within]).over).toEqual([]);
    const grown = elementsSizeGroup(ELEMENTS_BUDGET_KB * 1024 + 1);
    expect(checkSizes([grown]).over.map((figure) => figure.name)).toEqual(['poolkit-elements.js']);
    expect(checkSizes([elementsSizeGroup(undefined)]).over).toHaveLength(1);
  });
});
