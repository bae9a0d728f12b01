/**
 * The `errors` namespace: generic failures, one message per
 * `ERROR_CODES` entry (same name, so `errors.observerReadOnly` for 40301), and the messages of
 * spec section 8. Use as `t('errors.<key>')`. Here the generic ones; the others come with
 * the API client (`enLater.ts`).
 */
export const enFirstScreenErrors = {
  quoteExpired: 'The quote has expired, please get a new one',
  // Generic (spec section 8).
  requestFailed: 'Request failed',
  systemError: 'System error',
  websiteUpdated: 'The website has been updated, please refresh the page manually!',
  network: 'Network error, please check your connection',
  timeout: 'The request timed out, please try again',
};
