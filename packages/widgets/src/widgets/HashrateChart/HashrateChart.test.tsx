import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { averageSeries, hashrateSeries, rejectedSeries } from '../../lib/fixtures';
import { widgetHarness } from '../../lib/widgetHarness';
import { HashrateChart, minerHashrateSeries } from './HashrateChart';

const { render } = widgetHarness(760);

const accepted = hashrateSeries(144, 600_000, 128e12, { seed: 5 });
const series = [
  { key: 'accepted', kind: 'accepted' as const, points: accepted },
  { key: 'rejected', kind: 'rejected' as const, points: rejectedSeries(accepted) },
  { key: 'average', kind: 'average' as const, points: averageSeries(accepted, 36) },
];

describe('HashrateChart', () => {
  it('should look the same as its reference, light', async () => {
    const container = render(<HashrateChart series={series} timezone="UTC+08:00" />);
    await expect.poll(() => container.querySelector('path.visx-area')).not.toBeNull();
    await expect.element(page.elementLocator(container)).toMatchScreenshot('hashrate-chart-light');
  });

  it('should look the same as its reference, dark', async () => {
    const container = render(<HashrateChart series={series} timezone="UTC+08:00" />, 'dark');
    await expect.poll(() => container.querySelector('path.visx-area')).not.toBeNull();
    await expect.element(page.elementLocator(container)).toMatchScreenshot('hashrate-chart-dark');
  });

  it('should draw at most one point per pixel of a long series', async () => {
    const points = hashrateSeries(525_600, (30 * 86_400_000) / 525_600, 3e18, { seed: 2 });
    const container = render(
      <HashrateChart series={[{ key: 'a', kind: 'accepted', points }]} defaultRange="30d" />,
    );
    await expect.poll(() => container.querySelector('path.visx-line')).not.toBeNull();
    const vertices =
      container.querySelector('path.visx-line')?.getAttribute('d')?.split('L').length ?? 0;
    expect(vertices).toBeGreaterThan(500);
    expect(vertices).toBeLessThanOrEqual(760);
  });
});

describe('minerHashrateSeries', () => {
  it('should split accepted hashrate from the rejected work at the same pace', () => {
    const { accepted: kept, rejected } = minerHashrateSeries([
      { time: 1, hashrate: 99, reject_rate: 0.01 },
      { time: 2, hashrate: 50, reject_rate: 0 },
    ]);
    expect(kept).toEqual([
      { time: 1, hashrate: 99 },
      { time: 2, hashrate: 50 },
    ]);
    expect(rejected[0]?.hashrate).toBeCloseTo(1, 10);
    expect(rejected[1]?.hashrate).toBe(0);
  });
});
