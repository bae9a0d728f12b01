import { formatTimezone, isTimezone, parseTimezone, timezoneChoices } from '@poolkit/core/format';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@poolkit/core/i18n';
import { validators } from '@poolkit/core/validators';
import { Button, Combobox, FormField } from '@poolkit/widgets';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showMessage } from '../../app/feedback';
import { dateTime } from '../../app/format';
import { useLanguage } from '../../app/Header';
import { useServices } from '../../app/servicesContext';
import { Card, DataSection, PageFrame, SelectField, Stats, uiStyles } from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { validateFields } from '../identity/identity';
import { ApiKeys } from './ApiKeys';
import { AuthorisedApps } from './AuthorisedApps';
import { LinkedIdentities } from './LinkedIdentities';
import { PasskeySection } from './PasskeySection';
import { SecuritySection } from './SecuritySection';
import { TotpSetup } from './TotpSetup';
import { UserTabs } from './UserTabs';

/** An email address (masked or not) that, when it must wrap, wraps before its `@`. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

function SettingsForm({ timezone: initialTimezone }: { timezone: string }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [language, setLanguage] = useLanguage();
  // The stored zone in its listed spelling (`UTC-00:00` is `UTC+00:00`), kept among the choices.
  const [timezone, setTimezone] = useState(() =>
    isTimezone(initialTimezone) ? formatTimezone(parseTimezone(initialTimezone)) : initialTimezone,
  );
  const zones = useMemo(
    () => timezoneChoices(initialTimezone).map((zone) => ({ value: zone, label: zone })),
    [initialTimezone],
  );
  const [chosen, setChosen] = useState<Language>(language);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  async function save() {
    const found = validateFields(t, [
      { field: 'timezone', schema: validators.timezone, value: timezone },
    ]);
    setError(found.timezone);
    if (found.timezone) return;
    setBusy(true);
    try {
      await api.updateSettings({ body: { timezone, language: chosen } });
      setLanguage(chosen);
      showMessage(t('site.user.saved'), 'success');
    } catch (caught) {
      reportError(caught);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className={`${uiStyles.form} ${uiStyles.flush}`}>
      <FormField label={t('site.user.timezone')} error={error}>
        <Combobox
          options={zones}
          value={timezone === '' ? null : timezone}
          onValueChange={(zone) => setTimezone(zone ?? '')}
        />
      </FormField>
      <SelectField
        label={t('common.language')}
        value={chosen}
        options={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
        onChange={setChosen}
      />
      <Button loading={busy} onClick={() => void save()}>
        {t('common.save')}
      </Button>
    </div>
  );
}

/**
 * `/user/setting`: the profile, the authenticator, passkeys, the security actions (password,
 * email, phone, cancellation), display settings, API keys and authorised apps.
 */
export function Component() {
  const { t } = useTranslation();
  const { api } = useServices();
  const info = useApiData(async (signal) => api.userInfo({}, { signal }), []);
  const accounts = useApiData(async (signal) => (await api.accounts({}, { signal })).list, []);
  return (
    <PageFrame title={t('site.routes.UserSetting')}>
      <UserTabs current="UserSetting" />
      <DataSection data={info}>
        {(user) => (
          <>
            <Card title={t('site.user.profile')}>
              <Stats
                items={[
                  { label: t('site.form.username'), value: user.username },
                  {
                    label: t('site.form.email'),
                    value: user.email ? <EmailText email={user.email} /> : '--',
                    wide: true,
                  },
                  {
                    label: t('site.form.phone'),
                    value: user.phone ? `+${user.country_code ?? ''} ${user.phone}` : '--',
                  },
                  {
                    label: t('site.user.twoFactor'),
                    value: user.totp_enabled ? t('site.user.on') : t('site.user.off'),
                  },
                  { label: t('site.user.currentAccount'), value: user.current_account ?? '--' },
                  {
                    label: t('site.user.createdAt'),
                    value: dateTime(user.created_at, user.settings.timezone),
                    wide: true,
                  },
                ]}
              />
            </Card>
            {user.totp_enabled || !user.email ? null : (
              <Card title={t('site.user.twoFactor')}>
                <TotpSetup onEnabled={info.reload} />
              </Card>
            )}
            <Card title={t('site.passkeys.title')} id="passkeys">
              <PasskeySection user={user} timezone={user.settings.timezone} />
            </Card>
            <Card title={t('site.security.title')}>
              <SecuritySection user={user} onChanged={info.reload} />
            </Card>
            <Card title={t('site.user.display')}>
              <SettingsForm timezone={user.settings.timezone} />
            </Card>
            <Card title={t('site.apiKeys.title')} id="api-keys">
              <DataSection data={accounts}>
                {(list) => (
                  <ApiKeys
                    user={user}
                    accounts={list.map((account) => account.name)}
                    currentAccount={list.find((account) => account.current)?.name ?? null}
                    timezone={user.settings.timezone}
                  />
                )}
              </DataSection>
            </Card>
            <Card title={t('site.thirdParty.title')} id="third-party">
              <LinkedIdentities user={user} timezone={user.settings.timezone} />
            </Card>
            <Card title={t('site.oauth.appsTitle')} id="authorised-apps">
              <AuthorisedApps timezone={user.settings.timezone} />
            </Card>
          </>
        )}
      </DataSection>
    </PageFrame>
  );
}
