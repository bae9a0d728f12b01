import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

// Inverted colours (text colour as background) stand out on both themes at full contrast.
export const tooltip = style({
  zIndex: vars.z.toast,
  maxWidth: vars.size.tooltip,
  padding: `${vars.space['1']} ${vars.space['2']}`,
  borderRadius: vars.radius.control,
  backgroundColor: vars.color.text,
  color: vars.color.surface,
  fontSize: vars.font.size.xs,
  lineHeight: 1.4,
  overflowWrap: 'anywhere',
  boxShadow: vars.shadow.floating,
});

export const arrow = style({ fill: vars.color.text });
