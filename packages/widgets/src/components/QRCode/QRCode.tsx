import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../internal/cx';
import { encodeQr } from './encodeQr';
import * as styles from './QRCode.css';

/** Props of {@link QRCode}. */
export interface QRCodeProps {
  /** The text to encode, e.g. an address or a link; at most 213 bytes of UTF-8. */
  value: string;
  /** Edge length in pixels, quiet zone included. Default `160`. */
  size?: number;
  /** The image's accessible name. Default `t('widgets.qrCode')`; say what it is for, e.g. "Deposit address QR code". */
  label?: string;
  /** The light margin around the code, in modules. Default `4` (the standard's minimum). */
  quietZone?: number;
  /** Extra class on the `<svg>`. */
  className?: string;
}

/**
 * A QR code as an SVG image (`role="img"`), encoded in the browser: byte mode, error correction
 * level M, versions 1–10. Always dark on light, in both themes, so every scanner reads it.
 *
 * @throws RangeError when `value` is longer than 213 bytes: a programming error, as the site
 * controls what it encodes.
 */
export function QRCode({ value, size = 160, label, quietZone = 4, className }: QRCodeProps) {
  const { t } = useTranslation('poolkit');
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
      aria-label={label ?? t('widgets.qrCode')}
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
