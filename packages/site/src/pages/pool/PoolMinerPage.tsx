import { MAX_PAGE_SIZE, type WorkerGroup, type WorkerRow } from '@poolkit/core/contract';
import { Button } from '@poolkit/widgets';
import { WorkerTable } from '@poolkit/widgets/WorkerTable';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showMessage } from '../../app/feedback';
import { hashrateUnit } from '../../app/format';
import { useLiveVersion } from '../../app/live';
import { useNavigate, useParams } from '../../app/nav';
import { useServices, useSessionState } from '../../app/servicesContext';
import { Card, PageFrame, TabList, TextField, uiStyles, withObserverToken } from '../../app/ui';
import type { AccountPool } from '../../app/useAccountPool';
import { useApiData, useEndpoint } from '../../app/useApiData';
import { AccountGate } from './AccountGate';
import { groupNameError, serverGroupNameError } from './groupName';
import * as styles from './PoolMinerPage.css';
import { PoolTabs } from './PoolTabs';
import { WorkerGroupActions } from './WorkerGroupActions';

function Workers({ pool, account, type }: AccountPool & { type: string }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { readOnly, observerToken } = useSessionState();
  const navigate = useNavigate();
  const [group, setGroup] = useState<string | null>(null);
  const [groupName, setGroupName] = useState('');
  const [groupError, setGroupError] = useState<string | undefined>(undefined);
  const params = { pool: pool.name, account };
  const groups = useEndpoint('workerGroups', { params }, { select: (answer) => answer.list });
  // Live: read again when a worker's state changes (it stops, comes back, appears).
  const changed = useLiveVersion(['workers']);
  // The table filters, sorts and scrolls every worker itself, so all pages are fetched.
  const workers = useApiData(
    async (signal) => {
      const rows: WorkerRow[] = [];
      for (let page = 1; ; page += 1) {
        const answer = await api.accountWorkers(
          { params, query: { page, page_size: MAX_PAGE_SIZE } },
          { signal },
        );
        rows.push(...answer.list);
        if (answer.list.length === 0 || rows.length >= answer.total) return rows;
      }
    },
    [pool.name, account],
    // Every page of the list under one key, invalidated by the writes of its group.
    { refresh: changed, key: ['accountWorkers', { params, pages: 'all' }] },
  );

  async function move(names: readonly string[], groupId: string | null) {
    try {
      await api.moveWorkers({
        params: { pool: pool.name },
        body: { account, workers: [...names], group_id: groupId },
      });
      showMessage(t('site.pool.moved'), 'success');
    } catch (error) {
      reportError(error);
    }
  }

  async function remove(names: readonly string[]) {
    if (!window.confirm(t('site.pool.confirmDelete', { count: names.length }))) return;
    try {
      await api.deleteWorkers({ params, body: { workers: [...names] } });
      showMessage(t('site.pool.deleted'), 'success');
    } catch (error) {
      reportError(error);
    }
  }

  // While the groups reload after a change, the previous list stays up: the tabs and the rename
  // and delete buttons do not flicker away (and the focus a dialog returns has somewhere to go).
  const lastGroups = useRef<readonly WorkerGroup[]>([]);
  if (groups.status === 'ready') lastGroups.current = groups.data;
  const groupList = groups.status === 'ready' ? groups.data : lastGroups.current;
  const selectedGroup = groupList.find((item) => item.id === group);
  const groupTabs = [
    { value: 'all', label: t('site.pool.allGroups') },
    ...groupList.map((item) => ({
      value: String(item.id),
      label: `${item.name} (${item.worker_count})`,
    })),
  ];

  async function createGroup() {
    const problem = groupNameError(t, groupName, groupList);
    setGroupError(problem);
    if (problem !== undefined) return;
    try {
      await api.createWorkerGroup({
        params: { pool: pool.name },
        body: { account, name: groupName.trim() },
      });
      setGroupName('');
    } catch (error) {
      const fieldProblem = serverGroupNameError(t, error);
      if (fieldProblem === undefined) reportError(error);
      else setGroupError(fieldProblem);
    }
  }

  return (
    <>
      <div className={styles.groupBar}>
        <TabList
          label={t('site.pool.groups')}
          tabs={groupTabs}
          value={group ?? 'all'}
          onChange={(value) => setGroup(value === 'all' ? null : value)}
        />
        {readOnly || selectedGroup === undefined ? null : (
          <WorkerGroupActions
            key={selectedGroup.id}
            group={selectedGroup}
            groups={groupList}
            onDeleted={() => {
              // Its workers are ungrouped now: show every worker rather than an empty filter.
              setGroup(null);
            }}
          />
        )}
      </div>
      {readOnly ? null : (
        <Card>
          <div className={`${uiStyles.row} ${uiStyles.rowBottom}`}>
            <div className={uiStyles.minSelect}>
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
      <WorkerTable
        className={readOnly ? styles.readOnly : undefined}
        rows={workers.status === 'ready' ? workers.data : []}
        baseUnit={hashrateUnit(pool.coin)}
        loading={workers.status === 'loading'}
        error={workers.status === 'error' ? true : undefined}
        onRetry={workers.reload}
        groups={groupList}
        group={group}
        onGroupChange={setGroup}
        onWorkerOpen={(row) =>
          void navigate(
            withObserverToken(
              `/pool/${type}/miner/detail?worker=${encodeURIComponent(row.worker_name)}`,
              observerToken,
            ),
          )
        }
        {...(readOnly
          ? {}
          : {
              onMove: (names, groupId) => void move(names, groupId),
              onDelete: (names) => void remove(names),
            })}
        labels={{
          workers: t('site.mining.workerList'),
          moveTo: t('site.pool.moveTo'),
          deleteWorkers: t('site.pool.delete'),
        }}
      />
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
