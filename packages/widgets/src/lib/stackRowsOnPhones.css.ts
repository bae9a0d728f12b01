import { globalStyle } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';
import { media } from '../theme/media';

/**
 * Phones: each row of `table` (a class name) becomes a block headed by its row header cell, every
 * other cell a labelled line (its column's name from `data-label` at the start, the value at the
 * end), instead of a table that scrolls sideways. Shared by TransactionTable and the row tables
 * (orders, invitees, rewards).
 */
export function stackRowsOnPhones(table: string): void {
  globalStyle(`${table} thead`, {
    '@media': {
      [media.narrow]: {
        position: 'absolute',
        width: 1,
        height: 1,
        overflow: 'hidden',
        clip: 'rect(0 0 0 0)',
      },
    },
  });
  globalStyle(`${table}, ${table} tbody, ${table} tr`, {
    '@media': { [media.narrow]: { display: 'block', width: '100%' } },
  });
  globalStyle(`${table} tr`, {
    '@media': {
      [media.narrow]: {
        boxSizing: 'border-box',
        padding: `${vars.space['2']} ${vars.space['3']}`,
        borderBottom: `1px solid ${vars.color.border}`,
      },
    },
  });
  globalStyle(`${table} tbody tr:last-child`, {
    '@media': { [media.narrow]: { borderBottom: 'none' } },
  });
  globalStyle(`${table} th[scope="row"]`, {
    '@media': {
      [media.narrow]: {
        display: 'block',
        position: 'static',
        height: 'auto',
        padding: `${vars.space['1']} 0`,
        border: 'none',
        fontWeight: vars.font.weight.medium,
      },
    },
  });
  globalStyle(`${table} td`, {
    '@media': {
      [media.narrow]: {
        display: 'flex',
        justifyContent: 'space-between',
        alignItems: 'center',
        gap: vars.space['3'],
        height: 'auto',
        minHeight: '28px',
        padding: `${vars.space['1']} 0`,
        border: 'none',
        whiteSpace: 'normal',
        textAlign: 'end',
        overflowWrap: 'anywhere',
      },
    },
  });
  globalStyle(`${table} td::before`, {
    '@media': {
      [media.narrow]: {
        content: 'attr(data-label)',
        flexShrink: 0,
        color: vars.color.textMuted,
        fontSize: vars.font.size.xs,
        textAlign: 'start',
      },
    },
  });
}
