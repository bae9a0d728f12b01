import type { EditableSiteParameters } from '@poolkit/core';
import { FormField, Input } from '@poolkit/widgets';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showMessage } from '../../../app/feedback';
import { useServices } from '../../../app/servicesContext';
import { EmptyState } from '../../../app/ui';
import { useApiData } from '../../../app/useApiData';
import * as styles from '../admin.css';
import { SubmitRow } from '../SubmitRow';
import { orNull } from './contentDraft';

/** The site parameters form: support email, WeChat QR code, app download links. */
export function ParametersPanel() {
  const { t } = useTranslation();
  const { api } = useServices();
  const [draft, setDraft] = useState<Record<keyof EditableSiteParameters, string> | null>(null);
  const [busy, setBusy] = useState(false);
  const loaded = useApiData(async (signal) => {
    const parameters = await api.adminSiteParameters({}, { signal });
    setDraft({
      support_email: parameters.support_email ?? '',
      wechat_qr_url: parameters.wechat_qr_url ?? '',
      android_download_url: parameters.android_download_url ?? '',
      ios_download_url: parameters.ios_download_url ?? '',
    });
    return parameters;
  }, []);
  if (loaded.status === 'error') return <EmptyState text={t('site.common.loadFailed')} />;
  if (draft === null) return null;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (draft === null) return;
    setBusy(true);
    try {
      await api.updateSiteParameters({
        body: {
          support_email: orNull(draft.support_email),
          wechat_qr_url: orNull(draft.wechat_qr_url),
          android_download_url: orNull(draft.android_download_url),
          ios_download_url: orNull(draft.ios_download_url),
        },
      });
      showMessage(t('content.saved'), 'success');
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  }

  const fields: [keyof EditableSiteParameters, string][] = [
    ['support_email', t('content.fieldSupportEmail')],
    ['wechat_qr_url', t('content.fieldWechatQr')],
    ['android_download_url', t('content.fieldAndroidUrl')],
    ['ios_download_url', t('content.fieldIosUrl')],
  ];
  return (
    <form noValidate onSubmit={(event) => void save(event)}>
      <div className={styles.formGrid}>
        {fields.map(([key, label]) => (
          <FormField key={key} label={label}>
            <Input
              value={draft[key]}
              spellCheck={false}
              autoComplete="off"
              onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
            />
          </FormField>
        ))}
      </div>
      <SubmitRow busy={busy}>{t('content.save')}</SubmitRow>
    </form>
  );
}
