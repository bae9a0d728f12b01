import { describe, expect, it } from 'vitest';
import { contractDayOutput } from './output';

describe('contractDayOutput', () => {
  it('should scale the pool unit output to the order and take the fees off (the worked example)', () => {
    // Pool unit 1 TH/s earned 0.00000080 BTC that day. 10 units of 200 TH/s = 2000 pool units:
    // gross 0.0016; management 5 % = 0.00008; electricity 10 × 0.00001 = 0.0001;
    // net 0.0016 − 0.00008 − 0.0001 = 0.00142.
    expect(
      contractDayOutput({
        unitOutput: '0.0000008',
        poolUnitHashrate: 1e12,
        unitHashrate: 200e12,
        quantity: 10,
        electricityFeePerUnit: '0.00001',
        managementFeePercent: '5',
        decimals: 8,
      }),
    ).toEqual({
      gross: '0.0016',
      electricityFee: '0.0001',
      managementFee: '0.00008',
      net: '0.00142',
      shortfall: '0',
    });
  });

  it('should truncate to the coin decimals as settlement does', () => {
    const day = contractDayOutput({
      unitOutput: '0.00000001',
      poolUnitHashrate: 1e12,
      unitHashrate: 1.5e12,
      quantity: 1,
      electricityFeePerUnit: '0',
      managementFeePercent: '2.5',
      decimals: 8,
    });
    // 0.000000015 truncates to 0.00000001; 2.5 % of it truncates to 0.
    expect(day).toMatchObject({ gross: '0.00000001', managementFee: '0', net: '0.00000001' });
  });

  it('should credit 0 and record the shortfall when the fees exceed the output', () => {
    expect(
      contractDayOutput({
        unitOutput: '0.0000001',
        poolUnitHashrate: 1e12,
        unitHashrate: 100e12,
        quantity: 2,
        electricityFeePerUnit: '0.00002',
        managementFeePercent: '10',
        decimals: 8,
      }),
    ).toEqual({
      // gross 0.00002; management 0.000002; electricity 0.00004; short by 0.000022.
      gross: '0.00002',
      electricityFee: '0.00004',
      managementFee: '0.000002',
      net: '0',
      shortfall: '0.000022',
    });
  });
});
