import { LANGUAGES, type Language, type LocalizedTexts } from '@poolkit/core';
import { FormField, Input } from '@poolkit/widgets';
import { uiStyles } from '../../app/ui';
import * as styles from './admin.css';

/** Each language by its own name, as an operator reading any language finds it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  'zh-CN': '简体中文',
  ru: 'Русский',
  ja: '日本語',
  ko: '한국어',
};

/**
 * Five inputs of one text, one per language; `multiline` makes them text areas across the whole
 * form row. `label` receives the language's name.
 */
export function LanguageFields({
  texts,
  label,
  multiline = false,
  onChange,
}: {
  texts: LocalizedTexts;
  label: (language: string) => string;
  /** Text areas a row wide instead of inputs. Default `false`. */
  multiline?: boolean;
  onChange: (texts: LocalizedTexts) => void;
}) {
  return (
    <>
      {LANGUAGES.map((language) => (
        <div key={language} className={multiline ? styles.wide : undefined}>
          <FormField label={label(LANGUAGE_NAMES[language])}>
            {multiline ? (
              <textarea
                className={uiStyles.textArea}
                lang={language}
                value={texts[language]}
                onChange={(event) => onChange({ ...texts, [language]: event.target.value })}
              />
            ) : (
              <Input
                lang={language}
                value={texts[language]}
                autoComplete="off"
                onChange={(event) => onChange({ ...texts, [language]: event.target.value })}
              />
            )}
          </FormField>
        </div>
      ))}
    </>
  );
}
