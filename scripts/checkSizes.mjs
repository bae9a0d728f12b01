/**
 * The byte-budget check shared by `npm run sizes` (part of `npm test`) and the packages'
 * `budgets` scripts: figures in, a printable report and the figures over budget out. Pure, so a
 * test can hand it any figures.
 */

/**
 * @typedef {object} SizeFigure
 * @property {string} name What was measured, e.g. `'MinerRanking'`.
 * @property {number | undefined} gzipBytes Its gzip size in bytes; `undefined` when the build no
 *   longer has it (a budget for it is then missing, which fails).
 * @property {number} [budgetKb] Its budget in KB of 1,024 bytes. Without one the figure is
 *   printed and never fails.
 */

/**
 * @typedef {object} SizeGroup
 * @property {string} title What the figures are, e.g. `'@poolkit/widgets entries'`.
 * @property {string} [source] Where the budgets live, printed beside the title.
 * @property {SizeFigure[]} figures
 */

/**
 * @typedef {object} SizeVerdict
 * @property {string} report Every figure with its verdict and budget, then one summary line.
 * @property {SizeFigure[]} over The figures over their budget or missing; empty when all hold.
 * @property {number} checked How many figures have a budget.
 */

/**
 * Checks gzip sizes against their budgets. A figure is over when its size in bytes exceeds
 * `budgetKb × 1024` (a size exactly at the budget holds) or when its size is missing; a figure
 * without a budget is only printed.
 *
 * @param {SizeGroup[]} groups The figures, by what they measure.
 * @returns {SizeVerdict}
 * @example
 * const { report, over } = checkSizes([
 *   { title: 'widgets', figures: [{ name: 'Luck', gzipBytes: 6_750, budgetKb: 10 }] },
 * ]);
 * // report: '  ok    Luck    6.59 KB  budget 10 KB …'; over: []
 */
export function checkSizes(groups) {
  const lines = [];
  const over = [];
  let checked = 0;
  const width = Math.max(0, ...groups.flatMap((group) => group.figures.map((f) => f.name.length)));
  for (const group of groups) {
    lines.push(`${group.title}${group.source ? `  (budgets: ${group.source})` : ''}`);
    for (const figure of group.figures) {
      const measured = typeof figure.gzipBytes === 'number' && Number.isFinite(figure.gzipBytes);
      const size = measured ? `${formatKb(figure.gzipBytes)} KB` : 'missing';
      const name = figure.name.padEnd(width);
      if (figure.budgetKb === undefined) {
        lines.push(`  -     ${name}  ${size.padStart(10)}  no budget`);
        continue;
      }
      checked += 1;
      const limit = figure.budgetKb * 1024;
      const holds = measured && figure.gzipBytes <= limit;
      if (!holds) over.push(figure);
      const excess = measured && !holds ? `, ${formatKb(figure.gzipBytes - limit)} KB over` : '';
      lines.push(
        `  ${holds ? 'ok  ' : 'OVER'}  ${name}  ${size.padStart(10)}  budget ${figure.budgetKb} KB${excess}`,
      );
    }
  }
  lines.push('');
  if (over.length === 0) {
    lines.push(`Every byte budget holds (${checked} checked; 1 KB = 1,024 bytes).`);
  } else {
    const list = over.map((figure) =>
      typeof figure.gzipBytes === 'number'
        ? `${figure.name} ${formatKb(figure.gzipBytes)} KB gzip > budget ${figure.budgetKb} KB`
        : `${figure.name} missing (budget ${figure.budgetKb} KB)`,
    );
    lines.push(`${over.length} of ${checked} byte budgets over: ${list.join('; ')}.`);
  }
  return { report: lines.join('\n'), over, checked };
}

/**
 * Bytes as KB of 1,024 with two decimals, as every size report of the repository prints them.
 *
 * @param {number} bytes
 * @returns {string}
 * @example
 * formatKb(17_316) // '16.91'
 */
export function formatKb(bytes) {
  return (bytes / 1024).toFixed(2);
}
