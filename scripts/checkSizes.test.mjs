import { describe, expect, it } from 'vitest';
import { checkSizes, formatKb } from './checkSizes.mjs';

describe('checkSizes', () => {
  it('should hold every budget when each size is at most its budget, and print every figure', () => {
    const { report, over, checked } = checkSizes([
      {
        title: 'widgets',
        source: 'packages/widgets/scripts/sizes.mjs',
        figures: [
          { name: 'Luck', gzipBytes: 6_750, budgetKb: 10 },
          { name: 'WorkerTable', gzipBytes: 20 * 1024, budgetKb: 20 },
          { name: 'index', gzipBytes: 141_414 },
        ],
      },
    ]);
    expect(over).toEqual([]);
    expect(checked).toBe(2);
    expect(report).toContain('widgets  (budgets: packages/widgets/scripts/sizes.mjs)');
    expect(report).toMatch(/ok {4}Luck +6\.59 KB {2}budget 10 KB/);
    expect(report).toMatch(/ok {4}WorkerTable +20\.00 KB {2}budget 20 KB/);
    expect(report).toMatch(/- +index +138\.10 KB {2}no budget/);
    expect(report).toContain('Every byte budget holds (2 checked');
  });

  it('should fail a size one byte over its budget, with the entry, its size and its budget', () => {
    const grown = { name: 'MinerRanking', gzipBytes: 17_316, budgetKb: 10 };
    const { report, over } = checkSizes([
      {
        title: 'widgets',
        figures: [{ name: 'Luck', gzipBytes: 6_750, budgetKb: 10 }, grown],
      },
      {
        title: 'site',
        figures: [{ name: 'home page CSS', gzipBytes: 20 * 1024 + 1, budgetKb: 20 }],
      },
    ]);
    expect(over).toEqual([
      grown,
      { name: 'home page CSS', gzipBytes: 20 * 1024 + 1, budgetKb: 20 },
    ]);
    expect(report).toMatch(/OVER {2}MinerRanking +16\.91 KB {2}budget 10 KB, 6\.91 KB over/);
    expect(report).toMatch(/OVER {2}home page CSS +20\.00 KB {2}budget 20 KB, 0\.00 KB over/);
    expect(report).toContain(
      '2 of 3 byte budgets over: MinerRanking 16.91 KB gzip > budget 10 KB; home page CSS 20.00 KB gzip > budget 20 KB.',
    );
  });

  it('should fail a budget whose figure is missing, and never one without a budget', () => {
    const { report, over } = checkSizes([
      {
        title: 'widgets',
        figures: [
          { name: 'HashrateChart', gzipBytes: undefined, budgetKb: 60 },
          { name: 'connected/index', gzipBytes: 10_000_000 },
        ],
      },
    ]);
    expect(over.map((figure) => figure.name)).toEqual(['HashrateChart']);
    expect(report).toMatch(/OVER {2}HashrateChart +missing {2}budget 60 KB/);
    expect(report).toContain('1 of 1 byte budgets over: HashrateChart missing (budget 60 KB).');
  });
});

describe('formatKb', () => {
  it('should print KB of 1,024 bytes with two decimals', () => {
    expect(formatKb(17_316)).toBe('16.91');
    expect(formatKb(0)).toBe('0.00');
  });
});
