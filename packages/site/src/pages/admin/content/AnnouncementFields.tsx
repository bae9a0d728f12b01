import { Switch } from '@poolkit/widgets';
import { useTranslation } from 'react-i18next';
import type { KindFormProps } from './contentDraft';
import { LinkField } from './TextInput';

/** An announcement's own fields: where it links to, and whether it is pinned first. */
export function AnnouncementFields({ fields, onChange }: KindFormProps<'announcement'>) {
  const { t } = useTranslation();
  return (
    <>
      <LinkField fields={fields} onChange={onChange} />
      <Switch checked={fields.pinned} onCheckedChange={(pinned) => onChange({ ...fields, pinned })}>
        {t('content.fieldPinned')}
      </Switch>
    </>
  );
}
