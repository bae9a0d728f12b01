import { FormField, Select } from '@poolkit/widgets';
import { useTranslation } from 'react-i18next';
import type { KindFormProps } from './contentDraft';
import { BodyFields } from './TextInput';

/** The editable pages, by their slug. */
const PAGES = ['about', 'terms'] as const;

/** A page's own fields: which page (about or terms) and its text in the five languages. */
export function PageFields({ fields, onChange }: KindFormProps<'page'>) {
  const { t } = useTranslation();
  return (
    <>
      <FormField label={t('content.fieldPage')}>
        <Select
          value={fields.slug}
          onValueChange={(slug) => onChange({ ...fields, slug })}
          options={PAGES.map((slug) => ({ value: slug, label: t(`content.page_${slug}`) }))}
        />
      </FormField>
      <BodyFields texts={fields.body} onChange={(body) => onChange({ ...fields, body })} />
    </>
  );
}
