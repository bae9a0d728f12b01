import { describeError, isApiError } from '@poolkit/core/client';
import {
  type ApiKeyExpiry,
  type CreatedApiKey,
  DELEGABLE_PERMISSIONS,
  type DelegableScope,
  isCidr,
  type UserInfo,
} from '@poolkit/core/contract';
import { validators } from '@poolkit/core/validators';
import { Button, Checkbox } from '@poolkit/widgets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showMessage } from '../../app/feedback';
import { dateTime } from '../../app/format';
import { buttonColumn } from '../../app/listControls';
import { useServices } from '../../app/servicesContext';
import { DataSection, DataTable, SelectField, TextField, uiStyles } from '../../app/ui';
import { useEndpoint } from '../../app/useApiData';
import { validateFields } from '../identity/identity';
import * as styles from './apiKeys.css';
import {
  NO_VALIDATION,
  SecondValidationField,
  type SecondValidationValue,
  secondValidationToken,
  validateSecondValidation,
} from './SecondValidation';

const EXPIRIES: readonly ApiKeyExpiry[] = ['one_month', 'three_months', 'one_year', 'forever'];

/** The i18n key of a scope's label (`pool.view` → `site.apiKeys.scopes.pool_view`). */
function scopeLabelKey(scope: DelegableScope): string {
  return `site.apiKeys.scopes.${scope.replace('.', '_')}`;
}

/** The entries of the allow-list field: split on commas, spaces and line breaks. */
function allowListOf(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

type FieldErrors = Partial<Record<'name' | 'scopes' | 'accounts' | 'ip_allow' | 'code', string>>;

/**
 * The API keys of the settings page: a form for a new read-only key (name, permissions,
 * accounts, expiry, optional IP allow-list, and a fresh second validation: a key outlives the
 * session, so a session alone cannot make one), the new key's secret shown once, and the list
 * of keys with their last use and a revoke button.
 */
export function ApiKeys({
  user,
  accounts,
  currentAccount,
  timezone,
}: {
  /** The signed-in user: the channel of the second validation's code. */
  user: Pick<UserInfo, 'verify_type'>;
  /** The user's mining account names. */
  accounts: readonly string[];
  /** The account ticked at first. */
  currentAccount: string | null;
  timezone: string;
}) {
  const { t } = useTranslation();
  const services = useServices();
  const { api } = services;
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<DelegableScope[]>(['pool.view', 'miner.view']);
  const [chosen, setChosen] = useState<string[]>(() =>
    currentAccount === null ? accounts.slice(0, 1) : [currentAccount],
  );
  const [expiry, setExpiry] = useState<ApiKeyExpiry>('three_months');
  const [allowList, setAllowList] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [validation, setValidation] = useState<SecondValidationValue>(NO_VALIDATION);
  // The validation token won for this form: a key refused for another reason (an account, the
  // number of keys) leaves it good, so the next try needs no new code.
  const [validationToken, setValidationToken] = useState<string | null>(null);
  const keys = useEndpoint('apiKeys', {});

  function toggle<V extends string>(list: readonly V[], value: V, on: boolean): V[] {
    return on
      ? [...list.filter((item) => item !== value), value]
      : list.filter((item) => item !== value);
  }

  async function create() {
    const found = validateFields(t, [
      { field: 'accounts', schema: validators.thirdPartyAuthorisation, value: chosen },
    ]);
    const entries = allowListOf(allowList);
    const next: FieldErrors = {
      name: name.trim() === '' ? t('site.apiKeys.nameRequired') : undefined,
      accounts: found.accounts,
      scopes: scopes.length === 0 ? t('site.apiKeys.scopeRequired') : undefined,
      ip_allow: entries.every(isCidr) ? undefined : t('site.apiKeys.ipInvalid'),
      code: validationToken === null ? validateSecondValidation(t, validation).code : undefined,
    };
    setErrors(next);
    if (Object.values(next).some((message) => message !== undefined)) return;
    setBusy(true);
    try {
      const token =
        validationToken ?? (await secondValidationToken(services, user, 'api_key', validation));
      setValidationToken(token);
      const answer = await api.createApiKey({
        body: {
          name: name.trim(),
          scopes: DELEGABLE_PERMISSIONS.filter((scope) => scopes.includes(scope)),
          accounts: chosen,
          expiry,
          ip_allow: entries,
          validation_token: token,
        },
      });
      setCreated(answer);
      setName('');
      setAllowList('');
      setValidation(NO_VALIDATION);
      setValidationToken(null);
    } catch (caught) {
      const field = isApiError(caught) ? caught.fields[0]?.field : undefined;
      if (field === 'code' || field === 'validation_token') {
        // A wrong code, or a validation that expired or was spent: validate again.
        setValidationToken(null);
        if (field === 'validation_token') setValidation(NO_VALIDATION);
        setErrors({ code: describeError(caught, (key) => t(key)) });
      } else {
        reportError(caught);
      }
    } finally {
      setBusy(false);
    }
  }

  async function revoke(id: string) {
    try {
      await api.revokeApiKey({ params: { id } });
      if (created?.key.id === id) setCreated(null);
      showMessage(t('site.apiKeys.revoked'), 'success');
    } catch (caught) {
      reportError(caught);
    }
  }

  return (
    <>
      <p className={uiStyles.muted}>{t('site.apiKeys.intro')}</p>
      <div className={`${uiStyles.form} ${uiStyles.flush}`}>
        <TextField
          label={t('site.apiKeys.name')}
          value={name}
          error={errors.name}
          maxLength={32}
          onChange={(event) => setName(event.target.value)}
        />
        <fieldset className={styles.choices}>
          <legend className={styles.choicesLegend}>{t('site.apiKeys.scopesLabel')}</legend>
          {DELEGABLE_PERMISSIONS.map((scope) => (
            <Checkbox
              key={scope}
              checked={scopes.includes(scope)}
              invalid={errors.scopes !== undefined}
              onCheckedChange={(on) => setScopes((list) => toggle(list, scope, on))}
            >
              {t(scopeLabelKey(scope))}
            </Checkbox>
          ))}
          {errors.scopes ? <p className={uiStyles.fieldError}>{errors.scopes}</p> : null}
        </fieldset>
        <fieldset className={styles.choices}>
          <legend className={styles.choicesLegend}>{t('site.apiKeys.accounts')}</legend>
          {accounts.map((account) => (
            <Checkbox
              key={account}
              checked={chosen.includes(account)}
              invalid={errors.accounts !== undefined}
              onCheckedChange={(on) => setChosen((list) => toggle(list, account, on))}
            >
              {account}
            </Checkbox>
          ))}
          {errors.accounts ? <p className={uiStyles.fieldError}>{errors.accounts}</p> : null}
        </fieldset>
        <SelectField
          label={t('site.apiKeys.expiry')}
          value={expiry}
          options={EXPIRIES.map((item) => ({
            value: item,
            label: t(`site.apiKeys.expiries.${item}`),
          }))}
          onChange={setExpiry}
        />
        <TextField
          label={t('site.apiKeys.ipAllow')}
          value={allowList}
          error={errors.ip_allow}
          placeholder="203.0.113.0/24"
          onChange={(event) => setAllowList(event.target.value)}
        />
        <p className={uiStyles.legend}>{t('site.apiKeys.ipAllowHint')}</p>
        <p className={uiStyles.muted}>{t('site.security.validateFirst')}</p>
        <SecondValidationField
          user={user}
          scene="api_key"
          value={validation}
          onChange={(value) => {
            setValidation(value);
            setValidationToken(null);
          }}
          error={errors.code}
        />
        <div className={uiStyles.row}>
          <Button loading={busy} onClick={() => void create()}>
            {t('site.apiKeys.create')}
          </Button>
        </div>
      </div>
      {created === null ? null : (
        <div role="status" className={uiStyles.spacedAbove}>
          <strong>{t('site.apiKeys.secretTitle', { name: created.key.name })}</strong>
          <code className={styles.secret} data-testid="api-key-secret">
            {created.secret}
          </code>
          <p className={uiStyles.muted}>{t('site.apiKeys.secretHint')}</p>
          <div className={uiStyles.row}>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                void navigator.clipboard
                  ?.writeText(created.secret)
                  .then(() => showMessage(t('common.copied'), 'success'));
              }}
            >
              {t('common.copy')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setCreated(null)}>
              {t('site.apiKeys.done')}
            </Button>
          </div>
        </div>
      )}
      <div className={uiStyles.spacedAbove}>
        <DataSection
          data={keys}
          isEmpty={({ list }) => list.length === 0}
          emptyText={t('site.apiKeys.none')}
        >
          {({ list }) => (
            <DataTable
              caption={t('site.apiKeys.title')}
              rows={list}
              rowKey={(row) => row.id}
              stackOnPhones
              columns={[
                { key: 'name', header: t('site.apiKeys.name'), cell: (row) => row.name },
                {
                  key: 'prefix',
                  header: t('site.apiKeys.key'),
                  cell: (row) => <code>{row.prefix}…</code>,
                },
                {
                  key: 'scopes',
                  header: t('site.apiKeys.scopesLabel'),
                  cell: (row) => row.scopes.map((scope) => t(scopeLabelKey(scope))).join(', '),
                },
                {
                  key: 'accounts',
                  header: t('site.apiKeys.accounts'),
                  cell: (row) => row.accounts.join(', '),
                },
                {
                  key: 'expires',
                  header: t('site.apiKeys.expires'),
                  cell: (row) =>
                    row.expires_at === null
                      ? t('site.apiKeys.expiries.forever')
                      : dateTime(row.expires_at, timezone),
                },
                {
                  key: 'lastUsed',
                  header: t('site.apiKeys.lastUsed'),
                  cell: (row) =>
                    row.last_used_at === null
                      ? t('site.apiKeys.never')
                      : `${dateTime(row.last_used_at, timezone)} · ${row.last_used_ip ?? ''}`,
                },
                buttonColumn({
                  key: 'actions',
                  header: '',
                  text: t('site.apiKeys.revoke'),
                  label: (row: { id: string; name: string }) =>
                    t('site.apiKeys.revokeNamed', { name: row.name }),
                  variant: 'danger',
                  onClick: (row) => void revoke(row.id),
                }),
              ]}
            />
          )}
        </DataSection>
      </div>
    </>
  );
}
