/** The event the message page fires when it changes what is unread; the header's badge re-reads. */
export const UNREAD_CHANGED_EVENT = 'poolkit:unread-changed';

/** Tells the header's unread badge to read the count again. */
export function announceUnreadChanged(): void {
  window.dispatchEvent(new Event(UNREAD_CHANGED_EVENT));
}
