import { describe, expectTypeOf, it } from 'vitest';
import type { AnswerOf } from './contract';

describe('AnswerOf', () => {
  it('should give the answer of an endpoint as its response schema describes it', () => {
    expectTypeOf<AnswerOf<'captchaChallenge'>>().toEqualTypeOf<{
      lot_number: string;
      gen_time: string;
      difficulty_bits: number;
      pass_token: string;
    }>();
    expectTypeOf<AnswerOf<'issueCoupons'>['codes']>().toEqualTypeOf<string[]>();
    expectTypeOf<AnswerOf<'createRedPacketCampaign'>['disabled_at']>().toEqualTypeOf<
      string | null
    >();
  });

  it('should give the items of a page through its list', () => {
    expectTypeOf<AnswerOf<'redPackets'>['list'][number]['status']>().toEqualTypeOf<
      'inactive' | 'activated' | 'expired' | 'invalid'
    >();
    expectTypeOf<AnswerOf<'redPackets'>['total']>().toEqualTypeOf<number>();
  });

  it('should take endpoint ids of the contract only', () => {
    // @ts-expect-error: no endpoint has this id
    expectTypeOf<AnswerOf<'noSuchEndpoint'>>().not.toBeNever();
  });
});
