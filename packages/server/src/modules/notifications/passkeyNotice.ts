import { DEFAULT_TIMEZONE, formatInTimezone, isTimezone } from '@poolkit/core';
import type { SqlExecutor } from '../../engine/sql';
import { enqueueEmail } from './emailOutbox';
import { postMessage } from './messages';
import { asLanguage, emailFooter, renderMessage } from './texts';

/** Where the passkey list with its remove buttons is: the security settings' passkeys card. */
export const PASSKEY_SETTINGS_PATH = '/user/setting#passkeys';

/** What {@link notifyPasskeyAdded} tells and whom. */
export interface PasskeyAddedNotice {
  readonly userId: string;
  /** The passkey's nickname. */
  readonly nickname: string;
  /** The device it was added on (`describePasskeyDevice`); `''` when unknown. */
  readonly device: string;
  readonly nowMs: number;
  /** The site's address (`SITE_URL`), for the link to the passkey list. */
  readonly siteUrl: string;
  /** The user's contact and display settings. */
  readonly user: {
    readonly email: string | null;
    readonly phone: string | null;
    readonly country_code: string | null;
    readonly language: string;
    readonly timezone: string;
  };
}

/**
 * Tells a user that a passkey was added to their account (a planted passkey must not
 * go unnoticed): a setting-update message and an email naming the passkey, the device and the
 * time (in the user's zone), with the link to the passkey list where it can be removed. Pass the
 * transaction that stored the passkey, so the passkey, the message and the queued email are
 * kept together or not at all.
 *
 * Decision: a user without an email gets the same text by SMS to the bound phone, since the
 * notice is about the account's safety; a user with neither has the message only.
 */
export async function notifyPasskeyAdded(
  executor: SqlExecutor,
  notice: PasskeyAddedNotice,
): Promise<void> {
  const timezone = isTimezone(notice.user.timezone) ? notice.user.timezone : DEFAULT_TIMEZONE;
  const params = {
    name: notice.nickname,
    device: notice.device,
    time: `${formatInTimezone(notice.nowMs, timezone, 'YYYY-MM-DD HH:mm')} (${timezone})`,
    link: `${notice.siteUrl.replace(/\/+$/, '')}${PASSKEY_SETTINGS_PATH}`,
  };
  await postMessage(executor, {
    userId: notice.userId,
    type: 'setting_update',
    textKey: 'passkeyAdded',
    params,
    nowMs: notice.nowMs,
  });
  const language = asLanguage(notice.user.language);
  const text = renderMessage(language, 'passkeyAdded', params);
  if (notice.user.email !== null) {
    const footer = emailFooter(language, `${notice.siteUrl.replace(/\/+$/, '')}/user/message`);
    await enqueueEmail(
      executor,
      {
        channel: 'email',
        to: notice.user.email,
        subject: text.title,
        text: `${text.content}\n\n${footer}`,
      },
      notice.nowMs,
    );
  } else if (notice.user.phone !== null) {
    await enqueueEmail(
      executor,
      {
        channel: 'sms',
        to: `+${notice.user.country_code ?? ''} ${notice.user.phone}`,
        subject: text.title,
        text: text.content,
      },
      notice.nowMs,
    );
  }
}
