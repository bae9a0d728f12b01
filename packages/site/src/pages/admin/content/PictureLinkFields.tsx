import { useTranslation } from 'react-i18next';
import { type FieldsProps, LinkField, TextInput } from './TextInput';

/**
 * The picture and link of a slide, an advertisement or a blogroll link (whose picture is its
 * logo).
 */
export function PictureLinkFields<Fields extends { url: string; image_url: string }>(
  props: FieldsProps<Fields>,
) {
  const { t } = useTranslation();
  const { fields, onChange } = props;
  return (
    <>
      <TextInput
        label={t('content.fieldImage')}
        value={fields.image_url}
        onChange={(image_url) => onChange({ ...fields, image_url })}
      />
      <LinkField {...props} />
    </>
  );
}
