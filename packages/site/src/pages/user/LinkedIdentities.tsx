import type { OidcProvider, UserInfo } from '@poolkit/core/contract';
import { Button } from '@poolkit/widgets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showMessage } from '../../app/feedback';
import { dateTime } from '../../app/format';
import { buttonColumn } from '../../app/listControls';
import { useServices } from '../../app/servicesContext';
import { DataSection, DataTable, uiStyles } from '../../app/ui';
import { useEndpoint } from '../../app/useApiData';
import { useOidcProviders } from '../identity/thirdParty';
import { LinkIdentityDialog } from './LinkIdentityDialog';

/**
 * The third-party sign-ins linked to the user, each with an unlink button (the server refuses
 * the last way to sign in), and a "Link …" button per configured provider not linked yet, which
 * asks for a second validation before the browser leaves for the provider.
 */
export function LinkedIdentities({
  user,
  timezone,
}: {
  /** The signed-in user: the channel of the second validation a link takes. */
  user: Pick<UserInfo, 'verify_type' | 'email' | 'phone' | 'totp_enabled'>;
  timezone: string;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const identities = useEndpoint('linkedIdentities', {});
  const providers = useOidcProviders();
  const [linking, setLinking] = useState<OidcProvider | null>(null);

  async function unlink(id: string) {
    try {
      await api.unlinkIdentity({ params: { id } });
      showMessage(t('site.thirdParty.unlinked'), 'success');
    } catch (caught) {
      reportError(caught);
    }
  }

  return (
    <DataSection data={identities}>
      {(answer) => {
        const unlinked =
          providers.status === 'ready'
            ? providers.data.filter(
                (provider) => !answer.list.some((item) => item.provider === provider.id),
              )
            : [];
        return (
          <div className={`${uiStyles.form} ${uiStyles.flush}`}>
            {answer.list.length === 0 ? (
              <p className={uiStyles.muted}>{t('site.thirdParty.none')}</p>
            ) : (
              <DataTable
                caption={t('site.thirdParty.title')}
                rows={answer.list}
                rowKey={(row) => row.id}
                stackOnPhones
                columns={[
                  {
                    key: 'provider',
                    header: t('site.thirdParty.provider'),
                    cell: (row) => row.provider_name,
                  },
                  { key: 'email', header: t('site.form.email'), cell: (row) => row.email ?? '—' },
                  {
                    key: 'linked',
                    header: t('site.thirdParty.linkedAt'),
                    cell: (row) => dateTime(row.created_at, timezone),
                  },
                  buttonColumn({
                    key: 'actions',
                    header: '',
                    text: t('site.thirdParty.unlink'),
                    label: (row: { id: string; provider_name: string }) =>
                      t('site.thirdParty.unlinkNamed', { name: row.provider_name }),
                    variant: 'danger',
                    onClick: (row) => void unlink(row.id),
                  }),
                ]}
              />
            )}
            {answer.password_set ? null : (
              <p className={uiStyles.muted}>{t('site.thirdParty.noPassword')}</p>
            )}
            {unlinked.map((provider) => (
              <Button key={provider.id} variant="secondary" onClick={() => setLinking(provider)}>
                {t('site.thirdParty.link', { name: provider.name })}
              </Button>
            ))}
            {linking === null ? null : (
              <LinkIdentityDialog provider={linking} user={user} onClose={() => setLinking(null)} />
            )}
          </div>
        );
      }}
    </DataSection>
  );
}
