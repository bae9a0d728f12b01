import { describe, expect, it } from 'vitest';
import { shouldShowAsDialog } from './shouldShowAsDialog';

describe('shouldShowAsDialog', () => {
  it('should use an alert dialog below 768 px', () => {
    expect(shouldShowAsDialog(767)).toBe(true);
    expect(shouldShowAsDialog(375)).toBe(true);
  });

  it('should use a toast from exactly 768 px on', () => {
    expect(shouldShowAsDialog(768)).toBe(false);
    expect(shouldShowAsDialog(1440)).toBe(false);
  });
});
