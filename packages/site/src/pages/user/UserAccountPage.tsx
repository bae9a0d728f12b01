import type { SubAccountPermission } from '@poolkit/core/contract';
import { validators } from '@poolkit/core/validators';
import { Button } from '@poolkit/widgets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showMessage } from '../../app/feedback';
import { dateTime } from '../../app/format';
import { useServices } from '../../app/servicesContext';
import {
  Card,
  DataSection,
  DataTable,
  PageFrame,
  SelectField,
  TextField,
  uiStyles,
} from '../../app/ui';
import { useEndpoint } from '../../app/useApiData';
import { validateFields } from '../identity/identity';
import { UserTabs } from './UserTabs';

const PERMISSIONS: readonly SubAccountPermission[] = [
  'pool_management',
  'profit_management',
  'read_only',
];

/** `/user/account`: the mining (sub-)accounts, the current one, and creating a new one. */
export function Component() {
  const { t } = useTranslation();
  const { api } = useServices();
  const [name, setName] = useState('');
  const [permission, setPermission] = useState<SubAccountPermission>('pool_management');
  const [error, setError] = useState<string | undefined>(undefined);
  const accounts = useEndpoint('accounts', {}, { select: (answer) => answer.list });

  async function create() {
    const found = validateFields(t, [
      { field: 'name', schema: validators.subAccountName, value: name },
    ]);
    setError(found.name);
    if (found.name) return;
    try {
      await api.createSubAccount({ body: { name: name.trim(), permission } });
      setName('');
      showMessage(t('site.user.accountCreated'), 'success');
    } catch (caught) {
      reportError(caught);
    }
  }

  async function makeCurrent(account: string) {
    try {
      await api.setCurrentAccount({ body: { account } });
    } catch (caught) {
      reportError(caught);
    }
  }

  return (
    <PageFrame title={t('site.routes.UserAccount')}>
      <UserTabs current="UserAccount" />
      <Card title={t('site.user.newAccount')}>
        <div className={`${uiStyles.row} ${uiStyles.rowBottom}`}>
          <TextField
            label={t('site.user.accountName')}
            value={name}
            error={error}
            onChange={(event) => setName(event.target.value)}
          />
          <SelectField
            label={t('site.user.permission')}
            value={permission}
            options={PERMISSIONS.map((item) => ({
              value: item,
              label: t(`site.user.permissions.${item}`),
            }))}
            onChange={setPermission}
          />
          <Button onClick={() => void create()}>{t('site.user.create')}</Button>
        </div>
      </Card>
      <Card title={t('site.user.accounts')}>
        <DataSection data={accounts} isEmpty={(list) => list.length === 0}>
          {(list) => (
            <DataTable
              caption={t('site.user.accounts')}
              rows={list}
              rowKey={(row) => row.name}
              columns={[
                { key: 'name', header: t('site.user.accountName'), cell: (row) => row.name },
                {
                  key: 'created',
                  header: t('site.user.createdAt'),
                  cell: (row) => dateTime(row.created_at),
                },
                {
                  key: 'status',
                  header: t('site.mining.status'),
                  cell: (row) => t(`status.${row.status}`),
                },
                {
                  key: 'permission',
                  header: t('site.user.permission'),
                  cell: (row) => t(`site.user.permissions.${row.permission}`),
                },
                {
                  key: 'current',
                  header: t('site.user.currentAccount'),
                  cell: (row) =>
                    row.current ? (
                      t('site.user.current')
                    ) : (
                      <Button size="sm" variant="ghost" onClick={() => void makeCurrent(row.name)}>
                        {t('site.user.makeCurrent')}
                      </Button>
                    ),
                },
              ]}
            />
          )}
        </DataSection>
      </Card>
    </PageFrame>
  );
}
