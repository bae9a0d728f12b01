import {
  type CreatedOauthApp,
  DELEGABLE_PERMISSIONS,
  type DelegableScope,
  type OauthApp,
  urlSchema,
} from '@poolkit/core';
import { Button, Checkbox } from '@poolkit/widgets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showMessage } from '../../app/feedback';
import { dateTime } from '../../app/format';
import { buttonColumn } from '../../app/listControls';
import { useServices } from '../../app/servicesContext';
import { Card, TextField, uiStyles } from '../../app/ui';
import { useEndpoint } from '../../app/useApiData';
import * as keyStyles from '../user/apiKeys.css';
import { AdminFrame } from './AdminFrame';
import { ReviewCard } from './ReviewTable';

type FormErrors = Partial<Record<'name' | 'logo' | 'redirects' | 'scopes', string>>;

function linesOf(text: string): string[] {
  return text
    .split(/\s+/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * `/admin/oauth-apps`: the third-party apps that may send users to `/login/oauth/authorize`.
 * Operators register one (name, logo, exact redirect URIs, allowed permissions; the client
 * secret is shown once) and remove one (its tokens stop working). Both are audited.
 */
export function Component() {
  const { t } = useTranslation();
  const { api } = useServices();
  const [name, setName] = useState('');
  const [logo, setLogo] = useState('');
  const [redirects, setRedirects] = useState('');
  const [scopes, setScopes] = useState<DelegableScope[]>(['pool.view', 'miner.view']);
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedOauthApp | null>(null);
  const apps = useEndpoint('adminOauthApps', {});

  async function register() {
    const uris = linesOf(redirects);
    const next: FormErrors = {
      name: name.trim() === '' ? t('site.admin.oauth.nameRequired') : undefined,
      logo:
        logo.trim() === '' || urlSchema.safeParse(logo.trim()).success
          ? undefined
          : t('site.admin.oauth.logoInvalid'),
      redirects:
        uris.length === 0
          ? t('site.admin.oauth.redirectsRequired')
          : uris.every((uri) => urlSchema.safeParse(uri).success)
            ? undefined
            : t('site.admin.oauth.redirectsInvalid'),
      scopes: scopes.length === 0 ? t('site.apiKeys.scopeRequired') : undefined,
    };
    setErrors(next);
    if (Object.values(next).some((message) => message !== undefined)) return;
    setBusy(true);
    try {
      const answer = await api.createOauthApp({
        body: {
          name: name.trim(),
          logo_url: logo.trim() === '' ? null : logo.trim(),
          redirect_uris: uris,
          scopes: DELEGABLE_PERMISSIONS.filter((scope) => scopes.includes(scope)),
        },
      });
      setCreated(answer);
      setName('');
      setLogo('');
      setRedirects('');
    } catch (caught) {
      reportError(caught);
    } finally {
      setBusy(false);
    }
  }

  async function remove(clientId: string) {
    try {
      await api.deleteOauthApp({ params: { client_id: clientId } });
      if (created?.app.client_id === clientId) setCreated(null);
      showMessage(t('site.admin.oauth.removed'), 'success');
    } catch (caught) {
      reportError(caught);
    }
  }

  return (
    <AdminFrame current="AdminOauthApps">
      <Card title={t('site.admin.oauth.new')}>
        <div className={`${uiStyles.form} ${uiStyles.flush}`}>
          <TextField
            label={t('site.admin.oauth.name')}
            value={name}
            error={errors.name}
            maxLength={64}
            onChange={(event) => setName(event.target.value)}
          />
          <TextField
            label={t('site.admin.oauth.logo')}
            value={logo}
            error={errors.logo}
            type="url"
            onChange={(event) => setLogo(event.target.value)}
          />
          <TextField
            label={t('site.admin.oauth.redirects')}
            value={redirects}
            error={errors.redirects}
            placeholder="https://app.example/callback"
            onChange={(event) => setRedirects(event.target.value)}
          />
          <fieldset className={keyStyles.choices}>
            <legend className={keyStyles.choicesLegend}>{t('site.admin.oauth.scopes')}</legend>
            {DELEGABLE_PERMISSIONS.map((scope) => (
              <Checkbox
                key={scope}
                checked={scopes.includes(scope)}
                invalid={errors.scopes !== undefined}
                onCheckedChange={(on) =>
                  setScopes((list) =>
                    on
                      ? [...list.filter((item) => item !== scope), scope]
                      : list.filter((item) => item !== scope),
                  )
                }
              >
                {t(`site.apiKeys.scopes.${scope.replace('.', '_')}`)}
              </Checkbox>
            ))}
            {errors.scopes ? <p className={uiStyles.fieldError}>{errors.scopes}</p> : null}
          </fieldset>
          <div className={uiStyles.row}>
            <Button loading={busy} onClick={() => void register()}>
              {t('site.admin.oauth.register')}
            </Button>
          </div>
        </div>
        {created === null ? null : (
          <div role="status" className={uiStyles.spacedAbove}>
            <strong>{t('site.admin.oauth.secretTitle', { name: created.app.name })}</strong>
            <p>
              {t('site.admin.oauth.clientId')}:{' '}
              <code data-testid="oauth-client-id">{created.app.client_id}</code>
            </p>
            <code className={keyStyles.secret} data-testid="oauth-client-secret">
              {created.client_secret}
            </code>
            <p className={uiStyles.muted}>{t('site.admin.oauth.secretHint')}</p>
          </div>
        )}
      </Card>
      <ReviewCard
        title={t('site.routes.AdminOauthApps')}
        data={apps}
        rows={(answer) => answer.list}
        rowKey={(row) => row.client_id}
        emptyText={t('site.admin.oauth.none')}
        stackOnPhones
        columns={[
          { key: 'name', header: t('site.admin.oauth.name'), cell: (row) => row.name },
          {
            key: 'client',
            header: t('site.admin.oauth.clientId'),
            cell: (row) => <code>{row.client_id}</code>,
          },
          {
            key: 'redirects',
            header: t('site.admin.oauth.redirects'),
            cell: (row) => (
              <span className={uiStyles.breakAnywhere}>{row.redirect_uris.join(' ')}</span>
            ),
          },
          {
            key: 'scopes',
            header: t('site.admin.oauth.scopes'),
            cell: (row) =>
              row.scopes
                .map((scope) => t(`site.apiKeys.scopes.${scope.replace('.', '_')}`))
                .join(', '),
          },
          {
            key: 'created',
            header: t('site.user.createdAt'),
            cell: (row) => dateTime(row.created_at),
          },
          buttonColumn<OauthApp>({
            key: 'actions',
            header: '',
            text: t('site.admin.oauth.remove'),
            label: (row) => t('site.admin.oauth.removeNamed', { name: row.name }),
            variant: 'danger',
            onClick: (row) => void remove(row.client_id),
          }),
        ]}
      />
    </AdminFrame>
  );
}
