import { STATUS_LABELS } from '@poolkit/core/domain';
import { StatusTag } from '@poolkit/widgets';
import { TransactionTable } from '@poolkit/widgets/TransactionTable';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { coinMoney, dateTime } from '../../app/format';
import { useParams } from '../../app/nav';
import { useServices } from '../../app/servicesContext';
import { AppLink, Card, DataSection, DataTable, PageFrame, Stats, uiStyles } from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { AssetTabs } from './AssetTabs';

/** The notes the server writes as codes; any other note is an operator's own words. */
const NOTE_CODES = new Set(['manual_audit', 'refund', 'partly_refunded']);

function noteText(t: TFunction, note: string): string {
  return NOTE_CODES.has(note) ? t(`site.wallet.notes.${note}`) : note;
}

/**
 * `/fund/:id`: one wallet record. Its time, state, coin (and the day a mining income was
 * earned), the user's lines of it, and every ledger entry: which balance (the user's own
 * account, another account, or the pool's side) gained or gave how much, summing to zero.
 */
export function Component() {
  const { t } = useTranslation();
  const { api, session } = useServices();
  const { id = '' } = useParams();
  const user = useApiData(async (signal) => api.userInfo({}, { signal }), []);
  const record = useApiData(
    async (signal) => api.walletTransaction({ params: { id } }, { signal }),
    [id],
  );
  const timezone = user.data?.settings.timezone;
  const hidden = session.get('hide_eye');
  return (
    <PageFrame title={`${t('site.routes.Fund')} #${id}`}>
      <AssetTabs current={null} />
      <DataSection data={record} emptyText={t('site.wallet.notFound')} skeletonLines={8}>
        {(value) => {
          const status = STATUS_LABELS.wallet[value.status];
          return (
            <>
              <Card title={t('site.wallet.record')}>
                <Stats
                  items={[
                    { label: t('site.wallet.time'), value: dateTime(value.time, timezone) },
                    {
                      label: t('site.wallet.status'),
                      value: <StatusTag tone={status.tone}>{t(status.i18nKey)}</StatusTag>,
                    },
                    { label: t('site.wallet.coin'), value: value.coin.toUpperCase() },
                    ...(value.mining_day === null
                      ? []
                      : [{ label: t('site.wallet.miningDay'), value: value.mining_day }]),
                    // Why it waits or failed: a known code in words, or an operator's reason.
                    ...(value.lines[0]?.note == null
                      ? []
                      : [
                          { label: t('site.wallet.note'), value: noteText(t, value.lines[0].note) },
                        ]),
                  ]}
                />
              </Card>
              <div className={uiStyles.spacedBelow}>
                <TransactionTable
                  title={t('mining.transactions')}
                  headingLevel={2}
                  transactions={value.lines}
                  {...(timezone === undefined ? {} : { timezone })}
                  hidden={hidden}
                />
              </div>
              <Card title={t('site.wallet.entries')}>
                <p className={`${uiStyles.muted} ${uiStyles.spacedBelow}`}>
                  {t('site.wallet.entriesHint')}
                </p>
                <DataTable
                  caption={t('site.wallet.entries')}
                  rows={value.entries}
                  rowKey={(entry) => entry.id}
                  columns={[
                    {
                      key: 'holder',
                      header: t('site.wallet.holder'),
                      cell: (entry) => t(`site.wallet.holders.${entry.holder}`),
                    },
                    {
                      key: 'name',
                      header: t('site.wallet.account'),
                      cell: (entry) =>
                        entry.holder === 'pool'
                          ? t(`site.wallet.systemAccounts.${entry.name}`, {
                              defaultValue: entry.name,
                            })
                          : entry.name,
                    },
                    {
                      key: 'bucket',
                      header: t('site.wallet.bucket'),
                      cell: (entry) => t(`site.wallet.buckets.${entry.bucket}`),
                    },
                    {
                      key: 'amount',
                      header: t('site.wallet.amount'),
                      cell: (entry) =>
                        hidden
                          ? '****'
                          : `${entry.amount.startsWith('-') ? '\u2212' : '+'}${coinMoney(
                              entry.amount.replace(/^-/, ''),
                              entry.coin,
                            )}`,
                    },
                  ]}
                />
              </Card>
            </>
          );
        }}
      </DataSection>
      <p>
        <AppLink to="/asset/transaction" className={uiStyles.link}>
          {t('site.wallet.back')}
        </AppLink>
      </p>
    </PageFrame>
  );
}
