import type { LocalizedTexts } from '@poolkit/core';
import { FormField, Input } from '@poolkit/widgets';
import { useTranslation } from 'react-i18next';
import { LanguageFields } from '../LanguageFields';

/** A labelled one-line field of an address, slug or version: no spelling marks, no autofill. */
export function TextInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormField label={label}>
      <Input
        value={value}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormField>
  );
}

/** The props of a part of a kind's form: the fields it edits among others, and their change. */
export interface FieldsProps<Fields> {
  fields: Fields;
  onChange: (fields: Fields) => void;
}

/** Where an item links to: the `url` of its fields. */
export function LinkField<Fields extends { url: string }>({
  fields,
  onChange,
}: FieldsProps<Fields>) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('content.fieldUrl')}
      value={fields.url}
      onChange={(url) => onChange({ ...fields, url })}
    />
  );
}

/** A text of an item in the five languages (a page's text, a download's description). */
export function BodyFields({
  texts,
  multiline = true,
  onChange,
}: {
  texts: LocalizedTexts;
  /** Text areas a row wide. Default `true`. */
  multiline?: boolean;
  onChange: (texts: LocalizedTexts) => void;
}) {
  const { t } = useTranslation();
  return (
    <LanguageFields
      texts={texts}
      multiline={multiline}
      label={(language) => t('content.fieldBody', { language })}
      onChange={onChange}
    />
  );
}
