import { Button } from '@poolkit/widgets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showMessage } from '../../app/feedback';
import { dateTime } from '../../app/format';
import { useServices } from '../../app/servicesContext';
import { DataSection, DataTable } from '../../app/ui';
import { useApiData } from '../../app/useApiData';

/**
 * The third-party apps the user authorised through `/login/oauth/authorize`: which accounts and
 * permissions each reads, when it last read, and a button that revokes it at once.
 */
export function AuthorisedApps({ timezone }: { timezone: string }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [version, setVersion] = useState(0);
  const grants = useApiData(
    async (signal) => (await api.oauthGrants({}, { signal })).list,
    [version],
  );

  async function revoke(id: string) {
    try {
      await api.revokeOauthGrant({ params: { id } });
      showMessage(t('site.oauth.revoked'), 'success');
      setVersion((value) => value + 1);
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
            {
              key: 'actions',
              header: '',
              cell: (row) => (
                <Button
                  size="sm"
                  variant="danger"
                  aria-label={t('site.oauth.revokeNamed', { name: row.name })}
                  onClick={() => void revoke(row.id)}
                >
                  {t('site.apiKeys.revoke')}
                </Button>
              ),
            },
          ]}
        />
      )}
    </DataSection>
  );
}
