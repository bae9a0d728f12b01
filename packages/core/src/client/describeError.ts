import { ApiError, REQUEST_FAILED_KEY } from './apiError';

/** A translation function, such as i18next's `t`. */
export type Translate = (key: string) => string;

/** The i18n key shown when describing an error fails itself (spec section 8: "system error"). */
export const SYSTEM_ERROR_KEY = 'errors.systemError';

const MESSAGE_KEY = /^errors\.[A-Za-z][A-Za-z0-9]*$/;

/**
 * The user-facing text of any error, as spec section 8 says: the server's message, else the
 * request error message, else "request failed". A text that is an `errors.*` key is passed
 * through `t`. When describing fails (a throwing `t`, a hostile error object), the result is
 * `t('errors.systemError')`, or the key itself when `t` fails again.
 *
 * @param t - translation function; default: the identity (keys come back untranslated).
 * @example
 * toast(describeError(error, i18next.t));
 */
export function describeError(error: unknown, t: Translate = (key) => key): string {
  try {
    let text: string;
    if (error instanceof ApiError) text = error.message;
    else if (error instanceof Error && error.message.trim() !== '') text = error.message;
    else text = REQUEST_FAILED_KEY;
    return MESSAGE_KEY.test(text) ? t(text) : text;
  } catch {
    try {
      return t(SYSTEM_ERROR_KEY);
    } catch {
      return SYSTEM_ERROR_KEY;
    }
  }
}
