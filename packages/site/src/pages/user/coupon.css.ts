import { vars } from '@poolkit/widgets';
import { style } from '@vanilla-extract/css';

/** Space under a coupon's card on its page, as between the site's cards. */
export const couponCard = style({ marginBottom: vars.space['4'] });

/** The fields of the dialog that starts a coupon, the dialog's full width. */
export const useForm = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
});
