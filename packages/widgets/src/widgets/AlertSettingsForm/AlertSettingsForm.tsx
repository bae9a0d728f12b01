import type {
  AlertChannel,
  AlertSettings,
  AlertType,
  UpdateAlertSettingsBody,
  WebhookTestResult,
} from '@poolkit/core';
import { enAlerts } from '@poolkit/core';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { cx } from '../../internal/cx';
import { interpolate, useMiningT } from '../../lib/useMiningT';
import * as widget from '../../lib/widget.css';
import * as styles from './AlertSettingsForm.css';

/**
 * The English of this widget's texts (core's `alerts` group): `PoolKitProvider` holds only
 * the groups every widget shows.
 */
const ENGLISH = { alerts: enAlerts };

/** Keys of the texts of {@link AlertSettingsForm}; each defaults to `t('alerts.<key>')`. */
export type AlertSettingsFormLabelKey =
  | 'enabled'
  | 'types'
  | 'offlineThreshold'
  | 'hashrateThreshold'
  | 'channels'
  | 'channelInApp'
  | 'channelEmail'
  | 'channelSms'
  | 'channelWebhook'
  | 'webhookUrl'
  | 'quietMinutes'
  | 'save'
  | 'secretTitle'
  | 'secretMissing'
  | 'secretSet'
  | 'makeSecret'
  | 'secretOnce'
  | 'sendTest'
  | 'testDelivered'
  | 'testFailed'
  | 'help'
  | 'thresholdInvalid'
  | 'urlInvalid'
  | 'webhookValidationNote';

/** Props of {@link AlertSettingsForm}. */
export interface AlertSettingsFormProps {
  /** The saved settings (`GET …/alerts`); the form starts from them and resets when they change. */
  value: AlertSettings;
  /** Saves the whole setting (`PUT …/alerts`). */
  onSubmit: (body: UpdateAlertSettingsBody) => void;
  /** Shows the save button as busy. Default `false`. */
  saving?: boolean;
  /** A secret just made: shown once, with a copy hint, until the page forgets it. */
  newSecret?: string | null;
  /** Makes a new signing secret (`POST …/alerts/webhook-secret`). */
  onMakeSecret?: () => void;
  /** Sends a test event (`POST …/alerts/test-webhook`); offered once a URL and secret are saved. */
  onSendTest?: () => void;
  /** Shows the test button as busy. Default `false`. */
  testing?: boolean;
  /** How the last test went. */
  testResult?: WebhookTestResult | null;
  /**
   * The host's second-validation field (code or passkey), shown under the webhook address with
   * a note while the address is new or differs from the saved one: the server takes a new or
   * changed address only with a validation of scene `webhook` (`validation_token`). Removing
   * the address, or keeping it, needs none. Default: nothing shown.
   */
  webhookValidation?: ReactNode;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<AlertSettingsFormLabelKey, string>>;
  /** Extra class on the form. */
  className?: string;
}

const TYPES: readonly { type: AlertType; key: string }[] = [
  { type: 'miner_offline', key: 'messages.typeMinerOffline' },
  { type: 'hashrate_alert', key: 'messages.typeHashrateAlert' },
];
const CHANNELS: readonly { channel: AlertChannel; key: AlertSettingsFormLabelKey }[] = [
  { channel: 'email', key: 'channelEmail' },
  { channel: 'sms', key: 'channelSms' },
  { channel: 'webhook', key: 'channelWebhook' },
];

interface Draft {
  enabled: boolean;
  types: AlertType[];
  offline: string;
  hashrate: string;
  channels: AlertChannel[];
  url: string;
  quiet: string;
}

function draftOf(value: AlertSettings): Draft {
  return {
    enabled: value.enabled,
    types: [...value.types],
    offline:
      value.offline_workers_threshold === null ? '' : String(value.offline_workers_threshold),
    hashrate: value.hashrate_threshold === null ? '' : String(value.hashrate_threshold),
    channels: [...value.channels],
    url: value.webhook_url ?? '',
    quiet: String(value.quiet_minutes),
  };
}

function toggle<T>(list: readonly T[], item: T, on: boolean): T[] {
  return on ? [...new Set([...list, item])] : list.filter((entry) => entry !== item);
}

/**
 * An account's alert settings (spec section 1's hashrate and offline alerts): on or off, which
 * kinds, the offline-worker count and hashrate threshold, the channels besides the message
 * center (email, SMS, webhook), the webhook address, the quiet window after a recovery (flap
 * damping), and the webhook's signing secret, shown once when made, with a test button. Checks
 * the numbers and the address before `onSubmit`, naming the field. A new or changed webhook
 * address shows the host's `webhookValidation` field.
 */
export function AlertSettingsForm({
  value,
  onSubmit,
  saving = false,
  newSecret = null,
  onMakeSecret,
  onSendTest,
  testing = false,
  testResult = null,
  webhookValidation,
  labels,
  className,
}: AlertSettingsFormProps) {
  const { t } = useMiningT(ENGLISH);
  const label = (key: AlertSettingsFormLabelKey, values?: Record<string, unknown>) =>
    labels?.[key] === undefined
      ? t(`alerts.${key}`, values)
      : interpolate(labels[key] ?? '', values);
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(value));
  const [errors, setErrors] = useState<
    Partial<Record<'offline' | 'hashrate' | 'url' | 'quiet', string>>
  >({});
  useEffect(() => setDraft(draftOf(value)), [value]);
  const update = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    const whole = (text: string, min: number, max: number) => {
      const number = Number(text);
      return Number.isInteger(number) && number >= min && number <= max ? number : null;
    };
    const offline = draft.offline.trim() === '' ? null : whole(draft.offline.trim(), 1, 100_000);
    if (draft.offline.trim() !== '' && offline === null) found.offline = label('thresholdInvalid');
    const hashrateNumber = Number(draft.hashrate.trim());
    const hashrate = draft.hashrate.trim() === '' ? null : hashrateNumber;
    if (hashrate !== null && !(Number.isFinite(hashrateNumber) && hashrateNumber > 0)) {
      found.hashrate = label('thresholdInvalid');
    }
    const quiet = whole(draft.quiet.trim(), 5, 1440);
    if (quiet === null) found.quiet = label('thresholdInvalid');
    const url = draft.url.trim();
    if (url !== '' && !/^https?:\/\/\S+$/i.test(url)) found.url = label('urlInvalid');
    if (draft.channels.includes('webhook') && url === '') found.url = label('urlInvalid');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onSubmit({
      enabled: draft.enabled,
      types: draft.types,
      offline_workers_threshold: offline,
      hashrate_threshold: hashrate,
      channels: draft.channels,
      webhook_url: url === '' ? null : url,
      quiet_minutes: quiet ?? 60,
    });
  }

  const field = (
    key: 'offline' | 'hashrate' | 'url' | 'quiet',
    text: AlertSettingsFormLabelKey,
    input: {
      value: string;
      onChange: (next: string) => void;
      inputMode?: 'numeric' | 'decimal' | 'url';
    },
  ) => (
    <label className={widget.field} htmlFor={`${id}-${key}`}>
      {label(text)}
      <input
        id={`${id}-${key}`}
        name={key}
        className={widget.textInput}
        value={input.value}
        inputMode={input.inputMode}
        aria-invalid={errors[key] === undefined ? undefined : true}
        aria-describedby={errors[key] === undefined ? undefined : `${id}-${key}-error`}
        onChange={(event) => input.onChange(event.target.value)}
      />
      {errors[key] === undefined ? null : (
        <span id={`${id}-${key}-error`} className={styles.error}>
          {errors[key]}
        </span>
      )}
    </label>
  );

  const canTest = value.webhook_url !== null && value.webhook_secret_set;
  const draftUrl = draft.url.trim();
  const webhookChanged = draftUrl !== '' && draftUrl !== (value.webhook_url ?? '');
  return (
    <form className={cx(widget.card, styles.form, className)} noValidate onSubmit={submit}>
      <label className={styles.check}>
        <input
          type="checkbox"
          name="enabled"
          checked={draft.enabled}
          onChange={(event) => update({ enabled: event.target.checked })}
        />
        {label('enabled')}
      </label>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{label('types')}</legend>
        {TYPES.map(({ type, key }) => (
          <label key={type} className={styles.check}>
            <input
              type="checkbox"
              name={`type-${type}`}
              checked={draft.types.includes(type)}
              onChange={(event) =>
                update({ types: toggle(draft.types, type, event.target.checked) })
              }
            />
            {t(key)}
          </label>
        ))}
      </fieldset>
      <div className={styles.grid}>
        {field('offline', 'offlineThreshold', {
          value: draft.offline,
          onChange: (next) => update({ offline: next }),
          inputMode: 'numeric',
        })}
        {field('hashrate', 'hashrateThreshold', {
          value: draft.hashrate,
          onChange: (next) => update({ hashrate: next }),
          inputMode: 'decimal',
        })}
        {field('quiet', 'quietMinutes', {
          value: draft.quiet,
          onChange: (next) => update({ quiet: next }),
          inputMode: 'numeric',
        })}
      </div>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{label('channels')}</legend>
        <label className={styles.check}>
          <input type="checkbox" checked disabled />
          {label('channelInApp')}
        </label>
        {CHANNELS.map(({ channel, key }) => (
          <label key={channel} className={styles.check}>
            <input
              type="checkbox"
              name={`channel-${channel}`}
              checked={draft.channels.includes(channel)}
              onChange={(event) =>
                update({ channels: toggle(draft.channels, channel, event.target.checked) })
              }
            />
            {label(key)}
          </label>
        ))}
      </fieldset>
      {field('url', 'webhookUrl', {
        value: draft.url,
        onChange: (next) => update({ url: next }),
        inputMode: 'url',
      })}
      {webhookChanged && webhookValidation !== undefined ? (
        <section className={styles.validationBox} aria-labelledby={`${id}-validation`}>
          <p id={`${id}-validation`} className={widget.note}>
            {label('webhookValidationNote')}
          </p>
          {webhookValidation}
        </section>
      ) : null}
      <section className={styles.secretBox} aria-labelledby={`${id}-secret`}>
        <strong id={`${id}-secret`}>{label('secretTitle')}</strong>
        {newSecret === null ? (
          <p className={widget.note}>
            {value.webhook_secret_set ? label('secretSet') : label('secretMissing')}
          </p>
        ) : (
          <>
            <code className={styles.secret} data-testid="webhook-secret">
              {newSecret}
            </code>
            <p className={widget.note} role="status">
              {label('secretOnce')}
            </p>
          </>
        )}
        <p className={widget.note}>{label('help')}</p>
        <div className={styles.actions}>
          {onMakeSecret ? (
            <button
              type="button"
              className={widget.button}
              data-variant="secondary"
              data-size="sm"
              onClick={onMakeSecret}
            >
              {label('makeSecret')}
            </button>
          ) : null}
          {onSendTest ? (
            <button
              type="button"
              className={widget.button}
              data-variant="secondary"
              data-size="sm"
              disabled={!canTest || testing}
              aria-busy={testing}
              onClick={onSendTest}
            >
              {label('sendTest')}
            </button>
          ) : null}
          {testResult === null ? null : (
            <span
              className={widget.statusTag}
              role="status"
              data-state={testResult.delivered ? 'delivered' : 'failed'}
              data-tone={testResult.delivered ? 'success' : 'danger'}
            >
              {testResult.delivered
                ? label('testDelivered', { status: testResult.status_code ?? '' })
                : label('testFailed', { error: testResult.error ?? '' })}
            </span>
          )}
        </div>
      </section>
      <div className={styles.actions}>
        <button type="submit" className={widget.button} disabled={saving} aria-busy={saving}>
          {label('save')}
        </button>
      </div>
    </form>
  );
}
