import { useTranslation } from 'react-i18next';
import { reportError, showMessage } from '../../app/feedback';
import { dateTime } from '../../app/format';
import { buttonColumn } from '../../app/listControls';
import { useServices } from '../../app/servicesContext';
import { DataSection, DataTable } from '../../app/ui';
import { useEndpoint } from '../../app/useApiData';

/**
 * The third-party apps the user authorised through `/login/oauth/authorize`: which accounts and
 * permissions each reads, when it last read, and a button that revokes it at once.
 */
export function AuthorisedApps({ timezone }: { timezone: string }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const grants = useEndpoint('oauthGrants', {}, { select: (answer) => answer.list });

  async function revoke(id: string) {
    try {
      await api.revokeOauthGrant({ params: { id } });
      showMessage(t('site.oauth.revoked'), 'success');
    } catch (caught) {
      reportError(caught);
    }
  }

  return (
    <DataSection
      data={grants}
      isEmpty={(list) => list.length === 0}
      emptyText={t('site.oauth.noApps')}
    >
      {(list) => (
        <DataTable
          caption={t('site.oauth.appsTitle')}
          rows={list}
          rowKey={(row) => row.id}
          stackOnPhones
          columns={[
            { key: 'app', header: t('site.oauth.app'), cell: (row) => row.name },
            {
              key: 'scopes',
              header: t('site.apiKeys.scopesLabel'),
              cell: (row) =>
                row.scopes
                  .map((scope) => t(`site.apiKeys.scopes.${scope.replace('.', '_')}`))
                  .join(', '),
            },
            {
              key: 'accounts',
              header: t('site.apiKeys.accounts'),
              cell: (row) => row.accounts.join(', '),
            },
            {
              key: 'authorised',
              header: t('site.oauth.authorisedAt'),
              cell: (row) => dateTime(row.created_at, timezone),
            },
            {
              key: 'lastUsed',
              header: t('site.apiKeys.lastUsed'),
              cell: (row) =>
                row.last_used_at === null
                  ? t('site.apiKeys.never')
                  : dateTime(row.last_used_at, timezone),
            },
            buttonColumn({
              key: 'actions',
              header: '',
              text: t('site.apiKeys.revoke'),
              label: (row: { id: string; name: string }) =>
                t('site.oauth.revokeNamed', { name: row.name }),
              variant: 'danger',
              onClick: (row) => void revoke(row.id),
            }),
          ]}
        />
      )}
    </DataSection>
  );
}
