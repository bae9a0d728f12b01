import { describe, expect, it } from 'vitest';
import { hasAnyPermission, isPermission, OPERATOR_PERMISSION, PERMISSIONS } from './permissions';

describe('PERMISSIONS', () => {
  it("should list the seven permission strings of spec section 6 and the operators' admin.view", () => {
    expect(OPERATOR_PERMISSION).toBe('admin.view');
    expect([...PERMISSIONS].sort()).toEqual([
      'account.view',
      'admin.view',
      'contract.view',
      'miner.view',
      'pool.view',
      'recommend.view',
      'user.view',
      'wallet.view',
    ]);
  });

  it('should narrow known permission strings only', () => {
    expect(isPermission('wallet.view')).toBe(true);
    expect(isPermission('wallet.edit')).toBe(false);
    expect(isPermission(undefined)).toBe(false);
  });
});

describe('hasAnyPermission', () => {
  it('should show an element with an empty requirement to everyone', () => {
    expect(hasAnyPermission([], [])).toBe(true);
    expect(hasAnyPermission(null, [])).toBe(true);
  });

  it('should show an element when the user holds one of the listed permissions', () => {
    expect(hasAnyPermission(['miner.view'], ['pool.view', 'miner.view'])).toBe(true);
  });

  it('should hide an element when the user holds none of the listed permissions', () => {
    expect(hasAnyPermission(['user.view'], ['pool.view', 'miner.view'])).toBe(false);
    expect(hasAnyPermission([], ['pool.view'])).toBe(false);
  });

  it('should hide a gated element while roles are not loaded', () => {
    expect(hasAnyPermission(null, ['pool.view'])).toBe(false);
    expect(hasAnyPermission(undefined, ['pool.view'])).toBe(false);
  });
});
