import { ApiError, describeError } from '@poolkit/core/client';
import { PAGE_SIZE } from '@poolkit/core/constants';
import {
  type MessageType,
  type UpdateAlertSettingsBody,
  WEBHOOK_PRIVATE_ADDRESS_MESSAGE,
  WEBHOOK_UNKNOWN_HOST_MESSAGE,
  type WebhookTestResult,
} from '@poolkit/core/contract';
import { isAddressMiningCoin } from '@poolkit/core/domain';
import { FormField, Select } from '@poolkit/widgets';
import { AlertSettingsForm } from '@poolkit/widgets/AlertSettingsForm';
import { MessageList } from '@poolkit/widgets/MessageList';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showMessage } from '../../app/feedback';
import { AnswerPager } from '../../app/listControls';
import { useServices } from '../../app/servicesContext';
import { Card, PageFrame, uiStyles } from '../../app/ui';
import { announceUnreadChanged } from '../../app/unreadMessages';
import { useApiData, useEndpoint } from '../../app/useApiData';
import { usePools } from '../../app/usePools';
import {
  NO_VALIDATION,
  SecondValidationField,
  type SecondValidationValue,
  secondValidationToken,
} from './SecondValidation';
import { UserTabs } from './UserTabs';

/**
 * An account's alert settings on one pool: pick the account and coin, edit, save; make the
 * webhook's signing secret (shown once, kept only in this component's state) and send a test.
 * A new or changed webhook address asks for a second validation (scene `webhook`: a code or a
 * passkey) under the address, which the save spends.
 */
function AlertSettingsSection() {
  const { t } = useTranslation();
  const services = useServices();
  const { api } = services;
  const pools = usePools();
  const user = useApiData(async (signal) => api.userInfo({}, { signal }), []);
  const accounts = useApiData(async (signal) => (await api.accounts({}, { signal })).list, []);
  const [account, setAccount] = useState<string | null>(null);
  const [pool, setPool] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [testResult, setTestResult] = useState<WebhookTestResult | null>(null);
  const [validation, setValidation] = useState<SecondValidationValue>(NO_VALIDATION);
  const [codeError, setCodeError] = useState<string | undefined>();
  const accountList = accounts.status === 'ready' ? accounts.data : [];
  const poolList =
    pools.status === 'ready' ? pools.data.filter((item) => !isAddressMiningCoin(item.coin)) : [];
  const chosenAccount = account ?? accountList[0]?.name ?? null;
  const chosenPool = pool ?? poolList[0]?.name ?? null;
  const params =
    chosenAccount === null || chosenPool === null
      ? null
      : { pool: chosenPool, account: chosenAccount };
  const settings = useEndpoint('alertSettings', params === null ? null : { params });
  const select = (next: { account?: string; pool?: string }) => {
    if (next.account !== undefined) setAccount(next.account);
    if (next.pool !== undefined) setPool(next.pool);
    setSecret(null);
    setTestResult(null);
    setValidation(NO_VALIDATION);
    setCodeError(undefined);
  };

  async function save(body: UpdateAlertSettingsBody) {
    if (params === null || settings.status !== 'ready') return;
    // The server's rule: a new or changed address needs a validation; keeping or removing not.
    const webhookUrl = body.webhook_url ?? null;
    const webhookChanged = webhookUrl !== null && webhookUrl !== settings.data.webhook_url;
    if (webhookChanged && validation.passkeyToken === null && validation.code.trim() === '') {
      setCodeError(t('alerts.codeRequired'));
      return;
    }
    setSaving(true);
    try {
      let validationToken: string | undefined;
      if (webhookChanged && user.status === 'ready') {
        validationToken = await secondValidationToken(services, user.data, 'webhook', validation);
      }
      await api.updateAlertSettings({
        params,
        body: validationToken === undefined ? body : { ...body, validation_token: validationToken },
      });
      showMessage(t('alerts.saved'), 'success');
      setValidation(NO_VALIDATION);
      setCodeError(undefined);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : [];
      // A wrong code, or a refused (expired, spent) validation: shown at the code field, which
      // comes back if a passkey had validated.
      const codeField = fields.find(
        (field) => field.field === 'code' || field.field === 'validation_token',
      );
      if (codeField !== undefined) {
        if (validation.passkeyToken !== null) setValidation(NO_VALIDATION);
        setCodeError(describeError(error, (key) => t(key)));
        return;
      }
      // The server's refusals of a webhook address, in the reader's language.
      const webhook = fields.find((field) => field.field === 'webhook_url')?.message;
      if (webhook === WEBHOOK_PRIVATE_ADDRESS_MESSAGE) showMessage(t('alerts.webhookPrivate'));
      else if (webhook === WEBHOOK_UNKNOWN_HOST_MESSAGE)
        showMessage(t('alerts.webhookUnknownHost'));
      else reportError(error);
    } finally {
      setSaving(false);
    }
  }
  async function makeSecret() {
    if (params === null) return;
    try {
      setSecret((await api.rotateWebhookSecret({ params })).secret);
    } catch (error) {
      reportError(error);
    }
  }
  async function sendTest() {
    if (params === null) return;
    setTesting(true);
    try {
      setTestResult(await api.testWebhook({ params }));
    } catch (error) {
      reportError(error);
    } finally {
      setTesting(false);
    }
  }

  return (
    <>
      <Card title={t('alerts.title')}>
        <div className={uiStyles.row}>
          <FormField label={t('alerts.account')}>
            <Select
              value={chosenAccount}
              onValueChange={(value) => select({ account: value })}
              options={accountList.map((item) => ({ value: item.name, label: item.name }))}
            />
          </FormField>
          <FormField label={t('alerts.coin')}>
            <Select
              value={chosenPool}
              onValueChange={(value) => select({ pool: value })}
              options={poolList.map((item) => ({ value: item.name, label: item.label }))}
            />
          </FormField>
        </div>
      </Card>
      {settings.status === 'ready' ? (
        <AlertSettingsForm
          className={uiStyles.chartCard}
          value={settings.data}
          onSubmit={(body) => void save(body)}
          saving={saving}
          newSecret={secret}
          onMakeSecret={() => void makeSecret()}
          onSendTest={() => void sendTest()}
          testing={testing}
          testResult={testResult}
          webhookValidation={
            user.status === 'ready' ? (
              <SecondValidationField
                user={user.data}
                scene="webhook"
                value={validation}
                onChange={(next) => {
                  setValidation(next);
                  setCodeError(undefined);
                }}
                error={codeError}
              />
            ) : undefined
          }
        />
      ) : null}
    </>
  );
}

/**
 * `/user/message`: the message center (spec section 1). Messages by kind, ten a page, newest
 * first, in the interface language (the server renders them); mark one or all read, delete.
 * Every change tells the header's badge to re-read the unread count.
 */
export function Component() {
  const { t } = useTranslation();
  const { api } = useServices();
  const [type, setType] = useState<MessageType | null>(null);
  const [page, setPage] = useState(1);
  const [busyIds, setBusyIds] = useState<string[]>([]);
  const messages = useEndpoint('messages', {
    query: { page, page_size: PAGE_SIZE, ...(type === null ? {} : { type }) },
  });

  async function act(ids: string[], action: () => Promise<unknown>) {
    setBusyIds((current) => [...current, ...ids]);
    try {
      await action();
      announceUnreadChanged();
    } catch (error) {
      reportError(error);
    } finally {
      setBusyIds((current) => current.filter((id) => !ids.includes(id)));
    }
  }

  const data = messages.status === 'ready' ? messages.data : undefined;
  const status =
    messages.status === 'ready' ? 'ready' : messages.status === 'loading' ? 'loading' : 'error';
  return (
    <PageFrame title={t('site.routes.UserMessage')}>
      <UserTabs current="UserMessage" />
      <MessageList
        className={uiStyles.chartCard}
        messages={data?.list ?? []}
        status={status}
        onRetry={messages.reload}
        type={type}
        onTypeChange={(next) => {
          setType(next);
          setPage(1);
        }}
        busyIds={busyIds}
        onMarkRead={(id) => void act([id], () => api.markMessagesRead({ body: { ids: [id] } }))}
        onMarkAllRead={() => void act([], () => api.markMessagesRead({ body: { all: true } }))}
        onDelete={(id) =>
          void act([id], async () => {
            await api.deleteMessage({ params: { id } });
            // The last message of a page: go back one.
            if (data !== undefined && data.list.length === 1 && page > 1) setPage(page - 1);
          })
        }
      />
      <AnswerPager answer={data} page={page} onPageChange={setPage} showCount />
      <AlertSettingsSection />
    </PageFrame>
  );
}
