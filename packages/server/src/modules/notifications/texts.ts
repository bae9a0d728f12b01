import { buildResources, I18N_NAMESPACE, LANGUAGES, type Language } from '@poolkit/core';

/** A text of the `messages` i18n group a stored message points at (title and content keys). */
export type MessageTextKey =
  | 'offline'
  | 'offlineRecovered'
  | 'hashrateLow'
  | 'hashrateRecovered'
  | 'setting'
  | 'passkeyAdded'
  | 'withdrawalRejected'
  | 'depositShortfall'
  | 'ticketReply';

/** A setting whose change raises a setting-update message. */
export type ChangedSetting =
  | 'payMethod'
  | 'autoWithdraw'
  | 'password'
  | 'payPassword'
  | 'email'
  | 'phone'
  | 'authenticator'
  | 'passkey'
  | 'thirdPartyLogin'
  | 'apiKey'
  | 'oauthApp';

type Catalogue = Record<string, string>;
let catalogues: Record<Language, Catalogue> | null = null;

function catalogue(language: Language): Catalogue {
  if (catalogues === null) {
    const resources = buildResources();
    catalogues = Object.fromEntries(
      LANGUAGES.map((code) => [
        code,
        (resources[code][I18N_NAMESPACE] as unknown as { messages: Catalogue }).messages,
      ]),
    ) as Record<Language, Catalogue>;
  }
  return catalogues[language];
}

function fill(template: string, params: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
}

/** Whether `value` is one of the five interface languages (users.language). */
export function asLanguage(value: string | null | undefined): Language {
  return LANGUAGES.find((code) => code === value) ?? 'en';
}

/**
 * A stored message's title and content in `language`: core's `messages` catalogue with the
 * message's parameters filled in. A setting-update's `setting` parameter is itself a key
 * (`settingPassword`), translated too, so the same row reads in every language; so is an empty
 * `device` parameter (`unknownDevice`).
 */
export function renderMessage(
  language: Language,
  textKey: string,
  params: Readonly<Record<string, string>>,
): { title: string; content: string } {
  const messages = catalogue(language);
  const filled: Record<string, string> = { ...params };
  if (params.setting !== undefined) {
    const name = `setting${params.setting.charAt(0).toUpperCase()}${params.setting.slice(1)}`;
    filled.setting = messages[name] ?? params.setting;
  }
  // A device nothing is known of (`passkeyNotice.ts`) reads "an unknown device" in the language.
  if (params.device === '') filled.device = messages.unknownDevice ?? '';
  return {
    title: fill(messages[`${textKey}Title`] ?? textKey, filled).slice(0, 256),
    content: fill(messages[`${textKey}Content`] ?? '', filled).slice(0, 4096),
  };
}

/** The email footer line in `language`. */
export function emailFooter(language: Language, link: string): string {
  return fill(catalogue(language).emailFooter ?? '', { link });
}
