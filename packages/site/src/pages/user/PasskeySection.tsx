import type { PasskeyInfo, UserInfo } from '@poolkit/core/contract';
import { validators } from '@poolkit/core/validators';
import { Button, Dialog } from '@poolkit/widgets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFooter } from '../../app/DialogFooter';
import { reportError, showMessage } from '../../app/feedback';
import { dateTime } from '../../app/format';
import { useServices } from '../../app/servicesContext';
import { DataSection, DataTable, TextField, uiStyles } from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { validateFields } from '../identity/identity';
import { addPasskey, isAbortedCeremony, passkeyErrorKey } from '../identity/passkey';
import {
  NO_VALIDATION,
  SecondValidationField,
  type SecondValidationValue,
  secondValidationToken,
  validateSecondValidation,
} from './SecondValidation';

/**
 * The passkeys of the user (spec section 2, passkey management): list, add with a nickname (not
 * empty, not only spaces), rename, delete. Each failure says its section-8 message. Adding one
 * first asks for a fresh second validation (scene `passkey`: the code of the user's channel, or
 * a passkey already registered), since a passkey signs in without the password.
 */
export function PasskeySection({
  user,
  timezone,
}: {
  user: Pick<UserInfo, 'verify_type'>;
  timezone: string;
}) {
  const { t } = useTranslation();
  const services = useServices();
  const { api } = services;
  const list = useApiData(async (signal) => api.passkeys({}, { signal }), []);
  const [nickname, setNickname] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [validation, setValidation] = useState<SecondValidationValue>(NO_VALIDATION);
  const [validationError, setValidationError] = useState<string | undefined>(undefined);
  const [renaming, setRenaming] = useState<PasskeyInfo | null>(null);
  const [newName, setNewName] = useState('');
  const [renameError, setRenameError] = useState<string | undefined>(undefined);
  const [deleting, setDeleting] = useState<PasskeyInfo | null>(null);
  const [busy, setBusy] = useState(false);

  function checkName(value: string, set: (error: string | undefined) => void): boolean {
    const found = validateFields(t, [
      { field: 'nickname', schema: validators.passkeyNickname, value },
    ]);
    set(found.nickname);
    return found.nickname === undefined;
  }

  /** "Add a passkey": the nickname first, then the second validation in a dialog. */
  function startAdding() {
    if (!checkName(nickname, setError)) return;
    setValidation(NO_VALIDATION);
    setValidationError(undefined);
    setConfirming(true);
  }

  async function add() {
    const found = validateSecondValidation(t, validation);
    setValidationError(found.code);
    if (found.code !== undefined) return;
    setAdding(true);
    let token: string;
    try {
      token = await secondValidationToken(services, user, 'passkey', validation);
    } catch (caught) {
      // A wrong or expired code: the dialog stays for another try.
      reportError(caught);
      setAdding(false);
      return;
    }
    // The server spends the validation when it issues the ceremony's challenge: whatever happens
    // next, another attempt starts with a new validation.
    setConfirming(false);
    setValidation(NO_VALIDATION);
    try {
      await addPasskey(services, nickname.trim(), token);
      setNickname('');
      showMessage(t('site.passkeys.added'), 'success');
      list.reload();
    } catch (caught) {
      if (isAbortedCeremony(caught)) return;
      const key = passkeyErrorKey(caught, 'register');
      if (key === undefined) reportError(caught);
      else showMessage(t(key), 'error');
    } finally {
      setAdding(false);
    }
  }

  async function rename() {
    if (renaming === null || !checkName(newName, setRenameError)) return;
    setBusy(true);
    try {
      await api.renamePasskey({ params: { id: renaming.id }, body: { nickname: newName.trim() } });
      setRenaming(null);
      showMessage(t('site.passkeys.renamed'), 'success');
      list.reload();
    } catch (caught) {
      reportError(caught);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (deleting === null) return;
    setBusy(true);
    try {
      await api.deletePasskey({ params: { id: deleting.id } });
      setDeleting(null);
      showMessage(t('site.passkeys.deleted'), 'success');
      list.reload();
    } catch (caught) {
      reportError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <p className={`${uiStyles.muted} ${uiStyles.spacedBelow}`}>{t('site.passkeys.intro')}</p>
      <DataSection
        data={list}
        isEmpty={(answer) => answer.list.length === 0}
        emptyText={t('site.passkeys.none')}
      >
        {(answer) => (
          <DataTable
            caption={t('site.passkeys.title')}
            rows={answer.list}
            rowKey={(row) => row.id}
            stackOnPhones
            columns={[
              { key: 'nickname', header: t('site.passkeys.nickname'), cell: (row) => row.nickname },
              {
                key: 'created',
                header: t('site.passkeys.createdAt'),
                cell: (row) => dateTime(row.created_at, timezone),
              },
              {
                key: 'used',
                header: t('site.passkeys.lastUsedAt'),
                cell: (row) =>
                  row.last_used_at === null
                    ? t('site.passkeys.never')
                    : dateTime(row.last_used_at, timezone),
              },
              {
                key: 'actions',
                header: t('site.passkeys.actions'),
                cell: (row) => (
                  <div className={uiStyles.row}>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={t('site.passkeys.renameNamed', { name: row.nickname })}
                      onClick={() => {
                        setNewName(row.nickname);
                        setRenameError(undefined);
                        setRenaming(row);
                      }}
                    >
                      {t('site.passkeys.rename')}
                    </Button>
                    <Button
                      size="sm"
                      variant="danger"
                      aria-label={t('site.passkeys.deleteNamed', { name: row.nickname })}
                      onClick={() => setDeleting(row)}
                    >
                      {t('site.passkeys.delete')}
                    </Button>
                  </div>
                ),
              },
            ]}
          />
        )}
      </DataSection>
      <div className={`${uiStyles.form} ${uiStyles.flush} ${uiStyles.spacedAbove}`}>
        <div className={`${uiStyles.row} ${uiStyles.rowBottom}`}>
          <div className={uiStyles.grow}>
            <TextField
              label={t('site.passkeys.nickname')}
              name="passkey_nickname"
              maxLength={32}
              value={nickname}
              error={error}
              onChange={(event) => setNickname(event.target.value)}
            />
          </div>
          <Button loading={adding} onClick={startAdding}>
            {t('site.passkeys.add')}
          </Button>
        </div>
      </div>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('site.passkeys.confirmTitle')}
        description={t('site.passkeys.confirmHint')}
        footer={
          <DialogFooter>
            <Button loading={adding} onClick={() => void add()}>
              {t('site.passkeys.confirm')}
            </Button>
          </DialogFooter>
        }
      >
        {confirming ? (
          <SecondValidationField
            user={user}
            scene="passkey"
            value={validation}
            onChange={setValidation}
            error={validationError}
          />
        ) : null}
      </Dialog>
      <Dialog
        open={renaming !== null}
        onOpenChange={(open) => {
          if (!open) setRenaming(null);
        }}
        title={t('site.passkeys.renameTitle')}
        footer={
          <DialogFooter>
            <Button loading={busy} onClick={() => void rename()}>
              {t('common.save')}
            </Button>
          </DialogFooter>
        }
      >
        <TextField
          label={t('site.passkeys.nickname')}
          maxLength={32}
          value={newName}
          error={renameError}
          onChange={(event) => setNewName(event.target.value)}
        />
      </Dialog>
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('site.passkeys.deleteTitle')}
        description={t('site.passkeys.deleteHint', { name: deleting?.nickname ?? '' })}
        footer={
          <DialogFooter>
            <Button variant="danger" loading={busy} onClick={() => void remove()}>
              {t('site.passkeys.delete')}
            </Button>
          </DialogFooter>
        }
      />
    </div>
  );
}
