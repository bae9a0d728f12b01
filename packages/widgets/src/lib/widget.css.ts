import { createVar, keyframes, style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** The card every domain widget sits on: a surface with a thin border, 10 px radius. */
export const card = style({
  boxSizing: 'border-box',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  minWidth: 0,
  padding: vars.space['4'],
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.card,
  fontSize: vars.font.size.sm,
});

/** A card's top row: title on the left, controls on the right; wraps on phones. */
export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  minWidth: 0,
});

/** A card's title. */
export const title = style({
  margin: 0,
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.bold,
  lineHeight: 1.4,
  overflowWrap: 'anywhere',
});

/** Secondary text. */
export const muted = style({ color: vars.color.textMuted });

/** A grid of figures (definition list), 2–4 columns as space allows. */
export const statGrid = style({
  display: 'grid',
  // Two columns even on a 320 px phone, up to eight on a wide card.
  gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
  gap: `${vars.space['4']} ${vars.space['4']}`,
  margin: 0,
});

/** One figure of a {@link statGrid}: label above value. */
export const stat = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  minWidth: 0,
});

/** A figure's label. */
export const statLabel = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.font.size.xs,
});

/** A figure's value: tabular figures, a little larger. */
export const statValue = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.bold,
  fontVariantNumeric: 'tabular-nums',
  lineHeight: 1.3,
  overflowWrap: 'anywhere',
});

/** A unit beside a value, in a lighter weight (`1.23` **MH/s**). */
export const unit = style({
  marginInlineStart: '0.25em',
  // A coin symbol never breaks inside (`B` / `TC`).
  whiteSpace: 'nowrap',
  fontSize: '0.75em',
  fontWeight: vars.font.weight.regular,
  color: vars.color.textMuted,
});

/** A line of context under a figure (what a short name leaves out), in the label's style. */
export const statNote = style({
  display: 'block',
  marginTop: vars.space['1'],
  color: vars.color.textMuted,
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.regular,
  lineHeight: 1.4,
});

/** Tabular figures for any number. */
export const numeric = style({ fontVariantNumeric: 'tabular-nums' });

const shimmer = keyframes({
  '0%': { opacity: 1 },
  '50%': { opacity: 0.55 },
  '100%': { opacity: 1 },
});

/** A loading placeholder block. */
export const skeleton = style({
  display: 'block',
  borderRadius: vars.radius.control,
  backgroundColor: vars.color.neutralSubtle,
  animation: `${shimmer} 1.4s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

/** The centred message of the empty and error states. */
export const stateBox = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['3'],
  padding: vars.space['6'],
  textAlign: 'center',
  color: vars.color.textMuted,
});

/** The error state's message. */
export const stateError = style({ color: vars.color.danger, fontWeight: vars.font.weight.medium });

const toneColor = createVar();

/**
 * A status tag: a dot in the tone's colour and the word in the text colour on a faint tint of
 * the tone (the tone colours are too light for 12 px text; the word carries the meaning).
 */
export const statusTag = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  padding: `2px ${vars.space['2']}`,
  borderRadius: vars.radius.round,
  color: vars.color.text,
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.medium,
  lineHeight: '18px',
  whiteSpace: 'nowrap',
  vars: { [toneColor]: vars.color.textMuted },
  backgroundColor: vars.color.neutralSubtle,
  selectors: {
    '&::before': {
      content: '""',
      flexShrink: 0,
      width: '6px',
      height: '6px',
      borderRadius: vars.radius.round,
      backgroundColor: toneColor,
    },
    '&[data-tone="success"]': {
      vars: { [toneColor]: vars.color.success },
      backgroundColor: vars.color.successSubtle,
    },
    '&[data-tone="warning"]': {
      vars: { [toneColor]: vars.color.warning },
      backgroundColor: vars.color.warningSubtle,
    },
    '&[data-tone="danger"]': {
      vars: { [toneColor]: vars.color.danger },
      backgroundColor: vars.color.dangerSubtle,
    },
    '&[data-tone="info"]': {
      vars: { [toneColor]: vars.color.info },
      backgroundColor: vars.color.infoSubtle,
    },
  },
});

/** A native `<select>` drawn like PoolKit's inputs (lighter than the listbox `Select`). */
export const nativeSelect = style({
  boxSizing: 'border-box',
  height: vars.size.controlMd,
  minWidth: 0,
  maxWidth: '100%',
  padding: `0 ${vars.space['3']}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.control,
  font: 'inherit',
  fontSize: vars.font.size.sm,
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' },
    '&:disabled': { cursor: 'not-allowed', color: vars.color.textMuted },
  },
});

/** A row of toggle buttons (range switch); also resets a `<fieldset>`. */
export const segmented = style({
  display: 'inline-flex',
  minWidth: 0,
  margin: 0,
  border: 'none',
  padding: '2px',
  gap: '2px',
  backgroundColor: vars.color.neutralSubtle,
  borderRadius: vars.radius.control,
});

/** One button of a {@link segmented} group; the chosen one has `aria-pressed="true"`. */
export const segment = style({
  minWidth: '44px',
  height: vars.size.controlSm,
  padding: `0 ${vars.space['3']}`,
  border: 'none',
  borderRadius: vars.radius.control,
  background: 'transparent',
  color: vars.color.textMuted,
  font: 'inherit',
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.medium,
  cursor: 'pointer',
  fontVariantNumeric: 'tabular-nums',
  selectors: {
    '&:hover': { color: vars.color.text },
    '&[aria-pressed="true"]': {
      backgroundColor: vars.color.surface,
      color: vars.color.text,
      boxShadow: `0 0 0 1px ${vars.color.border}`,
    },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' },
  },
});

/** Hides content on screen but keeps it for screen readers. */
export const srOnly = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

/**
 * A button with the base `Button`'s look (same tokens), as a plain class: variants by
 * `data-variant` (`primary` default, `secondary`, `ghost`, `danger`) and `data-size="sm"`.
 * The widgets use it instead of `Button` to keep `@vanilla-extract/recipes`' runtime out of
 * their size budgets.
 */
export const button = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['2'],
  boxSizing: 'border-box',
  height: vars.size.controlMd,
  padding: `0 ${vars.space['4']}`,
  border: '1px solid transparent',
  borderRadius: vars.radius.control,
  backgroundColor: vars.color.brandText,
  color: vars.color.onBrand,
  font: 'inherit',
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.medium,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  transition: `background-color ${vars.motion.fast} ease, border-color ${vars.motion.fast} ease`,
  selectors: {
    '&[data-size="sm"]': {
      height: vars.size.controlSm,
      padding: `0 ${vars.space['3']}`,
      fontSize: vars.font.size.xs,
    },
    '&[data-variant="secondary"]': {
      backgroundColor: vars.color.surface,
      color: vars.color.text,
      borderColor: vars.color.border,
    },
    '&[data-variant="secondary"]:hover:not(:disabled)': {
      backgroundColor: vars.color.surfaceHover,
    },
    '&[data-variant="ghost"]': { backgroundColor: 'transparent', color: vars.color.brandText },
    '&[data-variant="ghost"]:hover:not(:disabled)': { backgroundColor: vars.color.surfaceHover },
    '&[data-variant="danger"]': { backgroundColor: vars.color.danger, color: vars.color.onDanger },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
    '&[aria-busy="true"]': { cursor: 'progress' },
  },
});

/** A text or number field with the base `Input`'s look. */
export const textInput = style({
  boxSizing: 'border-box',
  width: '100%',
  minWidth: 0,
  height: vars.size.controlMd,
  padding: `0 ${vars.space['3']}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.control,
  font: 'inherit',
  fontSize: vars.font.size.sm,
  fontVariantNumeric: 'tabular-nums',
  selectors: {
    '&::placeholder': { color: vars.color.textMuted, opacity: 1 },
    '&:hover': { borderColor: vars.color.text },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
  },
});

/** A label above its control. */
export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  minWidth: 0,
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.medium,
  color: vars.color.textMuted,
});

/** A paragraph inside a card: no outer margin, muted. */
export const note = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.size.xs });

/** A date or time as a figure: a size smaller than numbers, kept on one line. */
export const statDate = style({
  fontSize: vars.font.size.md,
  whiteSpace: 'nowrap',
});

/**
 * A date and time figure that may wrap between its date and its time in a narrow column (never
 * inside either): put each in a {@link statDate} span inside this one.
 */
export const statDateTime = style({ whiteSpace: 'normal' });
