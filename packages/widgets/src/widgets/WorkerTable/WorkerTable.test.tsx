import { flushSync } from 'react-dom';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { FIXED_NOW, SAMPLE_GROUPS, workerRows } from '../../lib/fixtures';
import { widgetHarness } from '../../lib/widgetHarness';
import { WorkerTable } from './WorkerTable';

const { render } = widgetHarness(1000);

describe('WorkerTable', () => {
  it('should look the same as its reference, light', async () => {
    const container = render(
      <WorkerTable
        rows={workerRows(40)}
        now={FIXED_NOW}
        timezone="UTC+08:00"
        groups={SAMPLE_GROUPS}
        height={360}
      />,
    );
    await expect.element(page.elementLocator(container)).toMatchScreenshot('worker-table-light');
  });

  it('should look the same as its reference, dark, with a selection', async () => {
    const container = render(
      <WorkerTable
        rows={workerRows(40)}
        now={FIXED_NOW}
        timezone="UTC+08:00"
        groups={SAMPLE_GROUPS}
        height={360}
        defaultSelected={['rig02', 'rig03']}
        onDelete={() => {}}
        onMove={() => {}}
      />,
      'dark',
    );
    await expect.element(page.elementLocator(container)).toMatchScreenshot('worker-table-dark');
  });

  it('should sort 100,000 rows by every column with aria-sort on the sorted header only', () => {
    const rows = workerRows(100_000, { seed: 21 });
    const container = render(<WorkerTable rows={rows} now={FIXED_NOW} height={400} />);
    const header = (name: string) =>
      [...container.querySelectorAll('thead th')].find((cell) =>
        cell.textContent?.startsWith(name),
      );
    const reject = header('Reject rate');
    flushSync(() => reject?.querySelector('button')?.click());
    flushSync(() => reject?.querySelector('button')?.click());
    expect(reject?.getAttribute('aria-sort')).toBe('descending');
    expect(container.querySelectorAll('thead th[aria-sort]')).toHaveLength(1);
    const highest = Math.max(...rows.map((row) => row.reject_rate));
    const firstRow = container.querySelector('tbody tr[aria-rowindex="2"]');
    expect(firstRow?.textContent).toContain(`${(highest * 100).toFixed(2)}%`);
    // Only the rows in view are in the page.
    expect(container.querySelectorAll('tbody tr[aria-rowindex]').length).toBeLessThan(40);
  });
});
