import type { ObserverExpiry } from '@poolkit/core/contract';
import { validators } from '@poolkit/core/validators';
import { Button, Dialog, QRCode } from '@poolkit/widgets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showMessage } from '../../app/feedback';
import { dateTime } from '../../app/format';
import { useServices } from '../../app/servicesContext';
import {
  Card,
  DataSection,
  DataTable,
  EmptyState,
  PageFrame,
  SelectField,
  TextField,
  uiStyles,
} from '../../app/ui';
import { useApiData, useEndpoint } from '../../app/useApiData';
import { validateFields } from '../identity/identity';
import { UserTabs } from './UserTabs';

const EXPIRIES: readonly ObserverExpiry[] = ['one_day', 'one_week', 'one_month', 'forever'];

function ObserverLinks({ account }: { account: string }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [nickname, setNickname] = useState('');
  const [expiry, setExpiry] = useState<ObserverExpiry>('one_week');
  const [error, setError] = useState<string | undefined>(undefined);
  const links = useEndpoint(
    'observerLinks',
    { params: { account } },
    { select: (answer) => answer.list },
  );

  async function create() {
    const found = validateFields(t, [
      { field: 'nickname', schema: validators.observerNickname, value: nickname },
    ]);
    setError(found.nickname);
    if (found.nickname) return;
    try {
      await api.createObserverLink({
        params: { account },
        body: { nickname: nickname.trim(), expiry },
      });
      setNickname('');
    } catch (caught) {
      reportError(caught);
    }
  }

  async function remove(id: string | number) {
    try {
      await api.deleteObserverLink({ params: { account, id: String(id) } });
    } catch (caught) {
      reportError(caught);
    }
  }

  return (
    <>
      <Card title={t('site.user.newObserver')}>
        <div className={`${uiStyles.row} ${uiStyles.rowBottom}`}>
          <TextField
            label={t('site.user.nickname')}
            value={nickname}
            error={error}
            onChange={(event) => setNickname(event.target.value)}
          />
          <SelectField
            label={t('site.user.expiry')}
            value={expiry}
            options={EXPIRIES.map((item) => ({
              value: item,
              label: t(`site.user.expiries.${item}`),
            }))}
            onChange={setExpiry}
          />
          <Button onClick={() => void create()}>{t('site.user.create')}</Button>
        </div>
      </Card>
      <Card title={t('site.routes.UserObserve')}>
        <DataSection
          data={links}
          isEmpty={(list) => list.length === 0}
          emptyText={t('site.user.noObservers')}
        >
          {(list) => (
            <DataTable
              caption={t('site.routes.UserObserve')}
              rows={list}
              rowKey={(row) => String(row.id)}
              columns={[
                { key: 'nickname', header: t('site.user.nickname'), cell: (row) => row.nickname },
                {
                  key: 'expiry',
                  // The column shows when the link stops working, so it is labelled "Expires";
                  // the create form's select keeps "Valid for", as it picks a duration.
                  header: t('site.user.expiresColumn'),
                  cell: (row) =>
                    row.expires_at ? dateTime(row.expires_at) : t('site.user.expiries.forever'),
                },
                {
                  key: 'link',
                  header: t('site.user.link'),
                  cell: (row) => (
                    <a href={row.url} className={uiStyles.link} data-testid="observer-link">
                      {t('site.user.open')}
                    </a>
                  ),
                },
                {
                  key: 'actions',
                  header: '',
                  cell: (row) => (
                    <div className={uiStyles.row}>
                      <Dialog
                        title={t('site.user.observerQrTitle', { name: row.nickname })}
                        description={t('site.user.observerQrHint')}
                        trigger={
                          <Button size="sm" variant="ghost" data-testid="observer-qr">
                            {t('site.user.qr')}
                          </Button>
                        }
                      >
                        <QRCode
                          value={row.url}
                          size={200}
                          label={t('site.user.observerQrTitle', { name: row.nickname })}
                        />
                      </Dialog>
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => {
                          void navigator.clipboard
                            ?.writeText(row.url)
                            .then(() => showMessage(t('common.copied'), 'success'));
                        }}
                      >
                        {t('common.copy')}
                      </Button>
                      <Button size="sm" variant="danger" onClick={() => void remove(row.id)}>
                        {t('site.pool.delete')}
                      </Button>
                    </div>
                  ),
                },
              ]}
            />
          )}
        </DataSection>
      </Card>
    </>
  );
}

/** `/user/observe`: read-only observer links of the current account. */
export function Component() {
  const { t } = useTranslation();
  const { api } = useServices();
  const accounts = useApiData(async (signal) => (await api.accounts({}, { signal })).list, []);
  return (
    <PageFrame title={t('site.routes.UserObserve')}>
      <UserTabs current="UserObserve" />
      <DataSection data={accounts}>
        {(list) => {
          const account = list.find((item) => item.current) ?? list[0];
          return account === undefined ? (
            <Card>
              <EmptyState text={t('site.pool.noAccount')} />
            </Card>
          ) : (
            <ObserverLinks account={account.name} />
          );
        }}
      </DataSection>
    </PageFrame>
  );
}
