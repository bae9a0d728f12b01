import { WEBSITE_UPDATED_MESSAGE_KEY } from '@poolkit/core/domain';

/** The error a page chunk throws after the one reload of spec section 2 did not help. */
export class WebsiteUpdatedError extends Error {
  override readonly name = 'WebsiteUpdatedError';
  constructor() {
    super(WEBSITE_UPDATED_MESSAGE_KEY);
  }
}
