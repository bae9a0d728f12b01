import { style } from '@vanilla-extract/css';
import { vars } from './contract.css';

export const root = style({
  fontFamily: vars.font.family,
  fontSize: vars.font.size.md,
  color: vars.color.text,
  backgroundColor: vars.color.background,
  WebkitFontSmoothing: 'antialiased',
});
