import { useMiningT } from '../../lib/useMiningT';
import { QRCodeImage } from './QRCodeImage';

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
export function QRCode({ label, ...rest }: QRCodeProps) {
  const { t } = useMiningT();
  return <QRCodeImage {...rest} label={label ?? t('widgets.qrCode')} />;
}
