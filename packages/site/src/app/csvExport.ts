import { validators } from '@poolkit/core/validators';
import type { TFunction } from 'i18next';
import { validateFields } from '../pages/identity/identity';

/**
 * The translated error of an export's date range (both dates required, in order, within the
 * longest span core's `exportRange` allows), or `undefined` when the range can be exported.
 * Dates are the `YYYY-MM-DD` values of date inputs; an empty one is missing.
 */
export function exportRangeError(t: TFunction, start: string, end: string): string | undefined {
  const range = start !== '' && end !== '' ? [Date.parse(start), Date.parse(end)] : undefined;
  return validateFields(t, [{ field: 'range', schema: validators.exportRange, value: range }])
    .range;
}

/** Hands `csv` to the browser as a file download named `fileName`. */
export function saveCsv(csv: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
