import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@poolkit/core';
import { useMiningT } from '../../lib/useMiningT';
import { Icon } from '../Icon/Icon';
import { Select, type SelectOption } from '../Select/Select';

/** Texts of {@link LanguageSwitcher}; each defaults to the `widgets.*` translation. */
export interface LanguageSwitcherLabels {
  /** The control's name. Default `t('widgets.language')`. */
  label?: string;
}

/** Props of {@link LanguageSwitcher}. */
export interface LanguageSwitcherProps {
  /** The current language (controlled). */
  value: Language;
  /**
   * Called with the chosen language. The host switches i18n (`i18n.changeLanguage`) and stores
   * it (spec: the `language` storage key).
   */
  onValueChange: (language: Language) => void;
  /** Which languages to offer, in order. Default: all five, English first. */
  languages?: readonly Language[];
  /** Control height. Default `'sm'` (headers). */
  size?: 'sm' | 'md' | 'lg';
  /** Disables the control. Default `false`. */
  disabled?: boolean;
  /** Overrides of the texts. */
  labels?: LanguageSwitcherLabels;
  /** Extra class on the trigger. */
  className?: string;
}

/**
 * The header's language choice: each language in its own name and script (English, 简体中文,
 * Русский, 日本語, 한국어), marked with its `lang` so screen readers pronounce it right.
 * Controlled: it reports the choice and the host changes the language.
 */
export function LanguageSwitcher({
  value,
  onValueChange,
  languages = LANGUAGES,
  size = 'sm',
  disabled,
  labels,
  className,
}: LanguageSwitcherProps) {
  const { t } = useMiningT();
  const options: SelectOption<Language>[] = languages.map((language) => ({
    value: language,
    textValue: LANGUAGE_NAMES[language],
    label: <span lang={language}>{LANGUAGE_NAMES[language]}</span>,
  }));
  return (
    <Select<Language>
      options={options}
      value={value}
      onValueChange={onValueChange}
      aria-label={labels?.label ?? t('widgets.language')}
      size={size}
      width="auto"
      disabled={disabled}
      startAdornment={<Icon name="globe" />}
      className={className}
    />
  );
}
