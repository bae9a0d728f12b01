import { useMemo } from 'react';
import { cx } from '../../internal/cx';
import { encodeQr } from './encodeQr';
import * as styles from './QRCode.css';

/** Props of {@link QRCodeImage}: those of `QRCode`, with the accessible name required. */
export interface QRCodeImageProps {
  /** The text to encode, e.g. an address or a link; at most 213 bytes of UTF-8. */
  value: string;
  /** Edge length in pixels, quiet zone included. Default `160`. */
  size?: number;
  /** The image's accessible name, e.g. "Deposit address QR code". */
  label: string;
  /** The light margin around the code, in modules. Default `4` (the standard's minimum). */
  quietZone?: number;
  /** Extra class on the `<svg>`. */
  className?: string;
}

/**
 * The drawing of {@link QRCode} without its translated default name, so that widgets which
 * name the image from their own labels do not pull the translation runtime into their bundle.
 *
 * @throws RangeError when `value` is longer than 213 bytes.
 */
export function QRCodeImage({
  value,
  size = 160,
  label,
  quietZone = 4,
  className,
}: QRCodeImageProps) {
  const matrix = useMemo(() => encodeQr(value), [value]);
  const path = useMemo(() => {
    // One rectangle per horizontal run of dark modules keeps the path short.
    const parts: string[] = [];
    matrix.modules.forEach((row, y) => {
      let x = 0;
      while (x < row.length) {
        if (!row[x]) {
          x += 1;
          continue;
        }
        const start = x;
        while (x < row.length && row[x]) x += 1;
        parts.push(`M${start + quietZone} ${y + quietZone}h${x - start}v1h-${x - start}z`);
      }
    });
    return parts.join('');
  }, [matrix, quietZone]);
  const extent = matrix.size + quietZone * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      className={cx(styles.qr, className)}
      width={size}
      height={size}
      viewBox={`0 0 ${extent} ${extent}`}
      shapeRendering="crispEdges"
      data-version={matrix.version}
      data-mask={matrix.mask}
    >
      <rect width={extent} height={extent} className={styles.light} />
      <path d={path} className={styles.dark} />
    </svg>
  );
}
