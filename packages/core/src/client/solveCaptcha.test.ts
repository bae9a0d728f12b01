import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { solveCaptcha } from './solveCaptcha';

function zeroBits(hex: string): number {
  let bits = 0;
  for (const character of hex) {
    const value = Number.parseInt(character, 16);
    if (value === 0) {
      bits += 4;
      continue;
    }
    return bits + Math.clz32(value) - 28;
  }
  return bits;
}

describe('solveCaptcha', () => {
  it('should find an output whose hash has the asked leading zero bits', async () => {
    const challenge = {
      lot_number: 'lot-1',
      gen_time: '1700000000',
      difficulty_bits: 12,
      pass_token: 'sig',
    };
    const result = await solveCaptcha(challenge);
    expect(result).toMatchObject({
      lot_number: 'lot-1',
      gen_time: '1700000000',
      pass_token: 'sig',
    });
    const hash = createHash('sha256').update(`lot-1:${result.captcha_output}`).digest('hex');
    expect(zeroBits(hash)).toBeGreaterThanOrEqual(12);
  });

  it('should answer the first nonce when no work is asked for', async () => {
    const result = await solveCaptcha({
      lot_number: 'x',
      gen_time: '1',
      difficulty_bits: 0,
      pass_token: 'p',
    });
    expect(result.captcha_output).toBe('0');
  });

  it('should stop when its signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(
      solveCaptcha(
        { lot_number: 'y', gen_time: '1', difficulty_bits: 32, pass_token: 'p' },
        { signal: controller.signal, batchSize: 10 },
      ),
    ).rejects.toThrow('stopped');
  });
});
