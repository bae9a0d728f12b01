import { useTranslation } from 'react-i18next';
import type { KindFormProps } from './contentDraft';
import { PictureLinkFields } from './PictureLinkFields';
import { TextInput } from './TextInput';

/** An advertisement's own fields: its page slot, picture and link. */
export function AdvertisementFields({ fields, onChange }: KindFormProps<'advertisement'>) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('content.fieldPosition')}
        value={fields.position}
        onChange={(position) => onChange({ ...fields, position })}
      />
      <PictureLinkFields fields={fields} onChange={onChange} />
    </>
  );
}
