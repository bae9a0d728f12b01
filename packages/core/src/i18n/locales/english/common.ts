/** Product-wide words: the name, navigation basics, generic actions and states. */
export const enCommon = {
  productName: 'PoolKit',
  tagline: 'Mining pool statistics, hashrate and workers.',
  loading: 'Loading…',
  retry: 'Retry',
  close: 'Close',
  cancel: 'Cancel',
  confirm: 'Confirm',
  save: 'Save',
  copy: 'Copy',
  copied: 'Copied',
  language: 'Language',
  apiChecking: 'Checking the service…',
  apiOk: 'Service is up ({{db}})',
  apiDown: 'The service cannot be reached',
};
