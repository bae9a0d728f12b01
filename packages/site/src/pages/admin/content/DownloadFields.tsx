import {
  type DownloadCategory,
  type DownloadPlatform,
  downloadCategorySchema,
  downloadPlatformSchema,
} from '@poolkit/core';
import { useTranslation } from 'react-i18next';
import { ChoiceField } from '../ChoiceField';
import type { KindFormProps } from './contentDraft';
import { BodyFields, LinkField, TextInput } from './TextInput';

/**
 * A download's own fields: app or mining software, platform, version, checksum, the file's link
 * and its description in the five languages.
 */
export function DownloadFields({ fields, onChange }: KindFormProps<'download'>) {
  const { t } = useTranslation();
  return (
    <>
      <ChoiceField<DownloadCategory>
        label={t('content.fieldCategory')}
        value={fields.category}
        values={downloadCategorySchema.options}
        labelOf={(value) => t(`content.category_${value}`)}
        onValueChange={(category) => onChange({ ...fields, category })}
      />
      <ChoiceField<DownloadPlatform>
        label={t('content.fieldPlatform')}
        value={fields.platform}
        values={downloadPlatformSchema.options}
        labelOf={(value) => t(`content.platform_${value}`)}
        onValueChange={(platform) => onChange({ ...fields, platform })}
      />
      <TextInput
        label={t('content.fieldVersion')}
        value={fields.version}
        onChange={(version) => onChange({ ...fields, version })}
      />
      <TextInput
        label={t('content.fieldChecksum')}
        value={fields.checksum}
        onChange={(checksum) => onChange({ ...fields, checksum })}
      />
      <LinkField fields={fields} onChange={onChange} />
      <BodyFields texts={fields.body} onChange={(body) => onChange({ ...fields, body })} />
    </>
  );
}
