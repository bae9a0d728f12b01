import { PAGE_SIZE, validators, type WorkerStatus } from '@poolkit/core';
import { Button } from '@poolkit/widgets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { reportError, showMessage } from '../../app/feedback';
import { dateTime, hashrate, minerStatusKey, ratio } from '../../app/format';
import { MinerStatus } from '../../app/MinerStatus';
import { useServices, useSessionState } from '../../app/servicesContext';
import {
  AppLink,
  Card,
  DataSection,
  DataTable,
  PageFrame,
  TabList,
  TextField,
  uiStyles,
} from '../../app/ui';
import type { AccountPool } from '../../app/useAccountPool';
import { useApiData } from '../../app/useApiData';
import { validateFields } from '../identity/identity';
import { AccountGate } from './AccountGate';
import { PoolTabs } from './PoolTabs';

function Workers({ pool, account, type }: AccountPool & { type: string }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { readOnly } = useSessionState();
  const [group, setGroup] = useState('all');
  const [status, setStatus] = useState<'all' | WorkerStatus>('all');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<readonly string[]>([]);
  const [target, setTarget] = useState('none');
  const [groupName, setGroupName] = useState('');
  const [groupError, setGroupError] = useState<string | undefined>(undefined);
  const [version, setVersion] = useState(0);
  const params = { pool: pool.name, account };
  const groups = useApiData(
    async (signal) => (await api.workerGroups({ params }, { signal })).list,
    [pool.name, account, version],
  );
  const stats = useApiData(
    async (signal) =>
      api.workerStats({ params, query: group === 'all' ? {} : { group_id: group } }, { signal }),
    [pool.name, account, group, version],
  );
  const workers = useApiData(
    async (signal) =>
      api.accountWorkers(
        {
          params,
          query: {
            page,
            page_size: PAGE_SIZE,
            ...(group === 'all' ? {} : { group_id: group }),
            ...(status === 'all' ? {} : { status }),
          },
        },
        { signal },
      ),
    [pool.name, account, group, status, page, version],
  );
  const refresh = () => {
    setSelected([]);
    setVersion((value) => value + 1);
  };

  async function move() {
    try {
      await api.moveWorkers({
        params: { pool: pool.name },
        body: { account, workers: [...selected], group_id: target === 'none' ? null : target },
      });
      showMessage(t('site.pool.moved'), 'success');
      refresh();
    } catch (error) {
      reportError(error);
    }
  }

  async function remove() {
    if (!window.confirm(t('site.pool.confirmDelete', { count: selected.length }))) return;
    try {
      await api.deleteWorkers({ params, body: { workers: [...selected] } });
      showMessage(t('site.pool.deleted'), 'success');
      refresh();
    } catch (error) {
      reportError(error);
    }
  }

  async function createGroup() {
    const found = validateFields(t, [
      { field: 'name', schema: validators.observerNickname, value: groupName },
    ]);
    setGroupError(found.name);
    if (found.name) return;
    try {
      await api.createWorkerGroup({
        params: { pool: pool.name },
        body: { account, name: groupName.trim() },
      });
      setGroupName('');
      refresh();
    } catch (error) {
      reportError(error);
    }
  }

  const groupTabs = [
    { value: 'all', label: t('site.pool.allGroups') },
    ...(groups.status === 'ready'
      ? groups.data.map((item) => ({
          value: String(item.id),
          label: `${item.name} (${item.worker_count})`,
        }))
      : []),
  ];

  return (
    <>
      <TabList
        label={t('site.pool.groups')}
        tabs={groupTabs}
        value={group}
        onChange={(value) => {
          setGroup(value);
          setPage(1);
        }}
      />
      <Card>
        <DataSection data={stats}>
          {(value) => (
            <fieldset className={uiStyles.row} style={{ border: 0, padding: 0, margin: 0 }}>
              <legend className={uiStyles.muted}>{t('site.mining.status')}</legend>
              {(['all', 'active', 'inactive', 'dead'] as const).map((item) => (
                <button
                  key={item}
                  type="button"
                  className={uiStyles.tab}
                  aria-pressed={status === item}
                  onClick={() => {
                    setStatus(item);
                    setPage(1);
                  }}
                >
                  {item === 'all' ? t('site.pool.all') : t(minerStatusKey(item))} (
                  {item === 'all' ? value.total : value[item]})
                </button>
              ))}
            </fieldset>
          )}
        </DataSection>
      </Card>
      {readOnly ? null : (
        <Card>
          <div className={uiStyles.row}>
            <label className={uiStyles.muted} htmlFor="move-target">
              {t('site.pool.moveTo')}
            </label>
            <select
              id="move-target"
              className={uiStyles.input}
              value={target}
              onChange={(event) => setTarget(event.target.value)}
            >
              <option value="none">{t('site.pool.ungrouped')}</option>
              {groups.status === 'ready'
                ? groups.data.map((item) => (
                    <option key={String(item.id)} value={String(item.id)}>
                      {item.name}
                    </option>
                  ))
                : null}
            </select>
            <Button
              variant="secondary"
              disabled={selected.length === 0}
              onClick={() => void move()}
            >
              {t('site.pool.move')}
            </Button>
            <Button variant="danger" disabled={selected.length === 0} onClick={() => void remove()}>
              {t('site.pool.delete')}
            </Button>
            <span className={uiStyles.grow} />
            <div style={{ minWidth: 180 }}>
              <TextField
                label={t('site.pool.newGroup')}
                value={groupName}
                error={groupError}
                onChange={(event) => setGroupName(event.target.value)}
              />
            </div>
            <Button variant="secondary" onClick={() => void createGroup()}>
              {t('site.pool.createGroup')}
            </Button>
          </div>
        </Card>
      )}
      <Card title={t('site.mining.workerList')}>
        <DataSection
          data={workers}
          isEmpty={(value) => value.list.length === 0}
          emptyText={t('site.mining.noWorkers')}
        >
          {(value) => (
            <>
              <DataTable
                caption={t('site.mining.workerList')}
                rows={value.list}
                rowKey={(row) => row.worker_name}
                columns={[
                  ...(readOnly
                    ? []
                    : [
                        {
                          key: 'select',
                          header: '',
                          cell: (row: (typeof value.list)[number]) => (
                            <input
                              type="checkbox"
                              aria-label={t('site.pool.select', { worker: row.worker_name })}
                              checked={selected.includes(row.worker_name)}
                              onChange={(event) =>
                                setSelected((old) =>
                                  event.target.checked
                                    ? [...old, row.worker_name]
                                    : old.filter((name) => name !== row.worker_name),
                                )
                              }
                            />
                          ),
                        },
                      ]),
                  {
                    key: 'name',
                    header: t('site.mining.worker'),
                    cell: (row) => (
                      <AppLink
                        to={`/pool/${type}/miner/detail?worker=${encodeURIComponent(row.worker_name)}`}
                        className={uiStyles.link}
                      >
                        {row.worker_name}
                      </AppLink>
                    ),
                  },
                  {
                    key: 'h15',
                    header: t('site.mining.hashrate15m'),
                    cell: (row) => hashrate(row.accept_15m.value),
                  },
                  {
                    key: 'h1',
                    header: t('site.mining.hashrate1h'),
                    cell: (row) => hashrate(row.accept_1h.value),
                  },
                  {
                    key: 'h24',
                    header: t('site.mining.hashrate24h'),
                    cell: (row) => hashrate(row.accept_24h.value),
                  },
                  {
                    key: 'reject',
                    header: t('site.mining.rejectRate'),
                    cell: (row) => ratio(row.reject_rate),
                  },
                  {
                    key: 'last',
                    header: t('site.mining.lastShare'),
                    cell: (row) => dateTime(row.last_share_time),
                  },
                  {
                    key: 'status',
                    header: t('site.mining.status'),
                    cell: (row) => <MinerStatus status={row.status} />,
                  },
                  {
                    key: 'group',
                    header: t('site.pool.group'),
                    cell: (row) => row.group?.name ?? t('site.pool.ungrouped'),
                  },
                ]}
              />
              <div className={uiStyles.row} style={{ justifyContent: 'flex-end', marginTop: 8 }}>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={page <= 1}
                  onClick={() => setPage(page - 1)}
                >
                  {t('site.common.previous')}
                </Button>
                <span className={uiStyles.muted}>
                  {t('site.common.pageOf', {
                    page,
                    pages: Math.max(1, Math.ceil(value.total / value.page_size)),
                  })}
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={page * value.page_size >= value.total}
                  onClick={() => setPage(page + 1)}
                >
                  {t('site.common.next')}
                </Button>
              </div>
            </>
          )}
        </DataSection>
      </Card>
    </>
  );
}

/** `/pool/:type/miner`: the workers of the account, by group, with move and delete. */
export function Component() {
  const { t } = useTranslation();
  const type = useParams().type ?? '';
  return (
    <PageFrame title={`${type.toUpperCase()} · ${t('site.routes.PoolMiner')}`}>
      <PoolTabs type={type} current="PoolMiner" />
      <AccountGate type={type}>{(context) => <Workers {...context} type={type} />}</AccountGate>
    </PageFrame>
  );
}
