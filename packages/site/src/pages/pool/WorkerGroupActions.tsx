import type { WorkerGroup } from '@poolkit/core/contract';
import { AlertDialog, Button, Dialog, FormField, Input } from '@poolkit/widgets';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFooter } from '../../app/DialogFooter';
import { reportError, showMessage } from '../../app/feedback';
import { useServices } from '../../app/servicesContext';
import { groupNameError, serverGroupNameError } from './groupName';
import * as styles from './PoolMinerPage.css';

/**
 * Rename and delete for the worker group picked in the group tabs. Renaming checks the name as
 * the server does (not blank, at most 32 characters, unique in the account) and shows the
 * problem on the field; deleting asks first and says where the workers go: the page deletes
 * with `move_to_group_id: null`, so the server puts them back into "Ungrouped" (they are not
 * removed). Other failures go to the site's feedback (toast, or an alert dialog on phones).
 */
export function WorkerGroupActions({
  group,
  groups,
  onDeleted,
}: {
  /** The selected group. */
  group: WorkerGroup;
  /** Every group of the account, to catch a duplicate name before sending it. */
  groups: readonly WorkerGroup[];
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const formId = useId();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [name, setName] = useState(group.name);
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  const [saving, setSaving] = useState(false);

  function openRename() {
    setName(group.name);
    setNameError(undefined);
    setRenaming(true);
  }

  async function rename(event: FormEvent) {
    event.preventDefault();
    const problem = groupNameError(t, name, groups, group.id);
    setNameError(problem);
    if (problem !== undefined) return;
    const trimmed = name.trim();
    if (trimmed === group.name) {
      setRenaming(false);
      return;
    }
    setSaving(true);
    try {
      await api.renameWorkerGroup({ params: { id: group.id }, body: { name: trimmed } });
      setRenaming(false);
      showMessage(t('site.pool.groupRenamed'), 'success');
    } catch (error) {
      const fieldProblem = serverGroupNameError(t, error);
      if (fieldProblem === undefined) reportError(error);
      else setNameError(fieldProblem);
    } finally {
      setSaving(false);
    }
  }

  async function remove() {
    try {
      await api.deleteWorkerGroup({ params: { id: group.id }, body: { move_to_group_id: null } });
      showMessage(t('site.pool.groupDeleted'), 'success');
      onDeleted();
    } catch (error) {
      reportError(error);
    }
  }

  return (
    <div className={styles.groupActions}>
      <Button variant="secondary" size="sm" onClick={openRename}>
        {t('site.pool.renameGroup')}
      </Button>
      <Button variant="danger" size="sm" onClick={() => setDeleting(true)}>
        {t('site.pool.deleteGroup')}
      </Button>
      <Dialog
        open={renaming}
        onOpenChange={setRenaming}
        title={t('site.pool.renameGroupTitle', { name: group.name })}
        footer={
          <DialogFooter>
            <Button type="submit" form={formId} loading={saving}>
              {t('common.save')}
            </Button>
          </DialogFooter>
        }
      >
        <form id={formId} noValidate onSubmit={(event) => void rename(event)}>
          <FormField label={t('site.pool.groupName')} error={nameError} required>
            <Input
              name="name"
              autoComplete="off"
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                if (nameError !== undefined) setNameError(undefined);
              }}
            />
          </FormField>
        </form>
      </Dialog>
      <AlertDialog
        open={deleting}
        onOpenChange={setDeleting}
        tone="danger"
        showCancel
        title={t('site.pool.deleteGroupTitle', { name: group.name })}
        description={
          group.worker_count === 0
            ? t('site.pool.deleteEmptyGroupText')
            : t('site.pool.deleteGroupText', { count: group.worker_count })
        }
        labels={{ action: t('site.pool.deleteGroup'), cancel: t('common.cancel') }}
        onAction={() => void remove()}
      />
    </div>
  );
}
