import { describeError, isApiError } from '@poolkit/core/client';
import { type OauthRequestQuery, oauthRequestQuerySchema } from '@poolkit/core/contract';
import { validators } from '@poolkit/core/validators';
import { Button, Checkbox } from '@poolkit/widgets';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError } from '../../app/feedback';
import { useLocation, useNavigate, useSearchParams } from '../../app/nav';
import { useServices, useSessionState } from '../../app/servicesContext';
import { Card, DataSection, EmptyState, PageFrame, uiStyles } from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import * as styles from '../user/apiKeys.css';
import {
  NO_VALIDATION,
  SecondValidationField,
  type SecondValidationValue,
  secondValidationToken,
  validateSecondValidation,
} from '../user/SecondValidation';
import { validateFields } from './identity';

/** `pool.view` → `site.apiKeys.scopes.pool_view`, the label the API key form uses too. */
function scopeLabelKey(scope: string): string {
  return `site.apiKeys.scopes.${scope.replace('.', '_')}`;
}

/** The app's request from the address bar, or `null` when it is malformed. */
function requestOf(search: URLSearchParams): OauthRequestQuery | null {
  const parsed = oauthRequestQuerySchema.safeParse(Object.fromEntries(search));
  return parsed.success ? parsed.data : null;
}

/**
 * The consent itself. Every consent asks for a fresh second validation (scene `authorize_app`):
 * each one gives the app a refresh token that lasts 30 days, longer than the session, so a
 * session alone must not be enough to hand it out.
 */
function Consent({ request }: { request: OauthRequestQuery }) {
  const { t } = useTranslation();
  const services = useServices();
  const { api } = services;
  const described = useApiData(async (signal) => {
    const [client, accounts, user] = await Promise.all([
      api.oauthClient({ query: request }, { signal }),
      api.accounts({}, { signal }),
      api.userInfo({}, { signal }),
    ]);
    return { client, accounts: accounts.list, user };
  }, []);
  const [scopes, setScopes] = useState<string[] | null>(null);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [validation, setValidation] = useState<SecondValidationValue>(NO_VALIDATION);
  const [codeError, setCodeError] = useState<string | undefined>(undefined);
  // The validation token won on this page: a grant refused for another reason leaves it good.
  const [validationToken, setValidationToken] = useState<string | null>(null);

  return (
    <DataSection data={described} emptyText={t('site.oauth.invalid')}>
      {({ client, accounts, user }) => {
        const pickedScopes = scopes ?? client.scopes;
        const pickedAccounts =
          chosen ?? accounts.filter((account) => account.current).map((account) => account.name);
        async function allow() {
          const found = validateFields(t, [
            {
              field: 'accounts',
              schema: validators.thirdPartyAuthorisation,
              value: pickedAccounts,
            },
          ]);
          const code =
            validationToken === null ? validateSecondValidation(t, validation).code : undefined;
          setError(found.accounts);
          setCodeError(code);
          if (found.accounts || code || pickedScopes.length === 0) return;
          setBusy(true);
          try {
            const token =
              validationToken ??
              (await secondValidationToken(services, user, 'authorize_app', validation));
            setValidationToken(token);
            const { response_type: _type, ...rest } = request;
            const answer = await api.oauthAuthorize({
              body: {
                ...rest,
                scope: pickedScopes.join(' '),
                accounts: pickedAccounts,
                validation_token: token,
              },
            });
            window.location.assign(answer.redirect_url);
          } catch (caught) {
            const field = isApiError(caught) ? caught.fields[0]?.field : undefined;
            if (field === 'code' || field === 'validation_token') {
              // A wrong code, or a validation that expired or was spent: validate again.
              setValidationToken(null);
              if (field === 'validation_token') setValidation(NO_VALIDATION);
              setCodeError(describeError(caught, (key) => t(key)));
            } else {
              reportError(caught);
            }
            setBusy(false);
          }
        }
        function deny() {
          // The server has checked this address against the app's own list.
          const target = new URL(request.redirect_uri);
          target.searchParams.set('error', 'access_denied');
          if (request.state !== undefined) target.searchParams.set('state', request.state);
          window.location.assign(target.toString());
        }
        return (
          <Card title={t('site.oauth.asks', { name: client.name })}>
            {client.logo_url ? <img src={client.logo_url} alt="" width={48} height={48} /> : null}
            <p className={uiStyles.muted}>{t('site.oauth.intro', { name: client.name })}</p>
            <div className={`${uiStyles.form} ${uiStyles.flush}`}>
              <fieldset className={styles.choices}>
                <legend className={styles.choicesLegend}>{t('site.oauth.scopes')}</legend>
                {client.scopes.map((scope) => (
                  <Checkbox
                    key={scope}
                    checked={pickedScopes.includes(scope)}
                    onCheckedChange={(on) =>
                      setScopes(
                        on
                          ? [...pickedScopes.filter((item) => item !== scope), scope]
                          : pickedScopes.filter((item) => item !== scope),
                      )
                    }
                  >
                    {t(scopeLabelKey(scope))}
                  </Checkbox>
                ))}
              </fieldset>
              <fieldset className={styles.choices}>
                <legend className={styles.choicesLegend}>{t('site.oauth.accounts')}</legend>
                {accounts.map((account) => (
                  <Checkbox
                    key={account.name}
                    checked={pickedAccounts.includes(account.name)}
                    invalid={error !== undefined}
                    onCheckedChange={(on) => {
                      setError(undefined);
                      setChosen(
                        on
                          ? [
                              ...pickedAccounts.filter((item) => item !== account.name),
                              account.name,
                            ]
                          : pickedAccounts.filter((item) => item !== account.name),
                      );
                    }}
                  >
                    {account.name}
                  </Checkbox>
                ))}
                {error ? (
                  <p className={uiStyles.fieldError} role="alert">
                    {error}
                  </p>
                ) : null}
              </fieldset>
              <p className={uiStyles.legend}>{t('site.oauth.readOnly')}</p>
              <p className={uiStyles.muted}>{t('site.security.validateFirst')}</p>
              <SecondValidationField
                user={user}
                scene="authorize_app"
                value={validation}
                onChange={(value) => {
                  setValidation(value);
                  setValidationToken(null);
                  setCodeError(undefined);
                }}
                error={codeError}
              />
              <div className={uiStyles.row}>
                <Button loading={busy} onClick={() => void allow()}>
                  {t('site.oauth.allow')}
                </Button>
                <Button variant="ghost" onClick={deny}>
                  {t('site.oauth.deny')}
                </Button>
              </div>
            </div>
          </Card>
        );
      }}
    </DataSection>
  );
}

/**
 * `/login/oauth/authorize`: the third-party login permit. A visitor signs in first (and comes
 * back here); the user sees which app asks, picks the permissions and the mining accounts to
 * share (at least one), and allows or denies; the browser then goes back to the app.
 */
export function Component() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { loggedIn } = useSessionState();
  const request = requestOf(search);
  useEffect(() => {
    if (!loggedIn) {
      const back = `${location.pathname}${location.search}`;
      void navigate(`/login?redirect=${encodeURIComponent(back)}`, { replace: true });
    }
  }, [loggedIn, location.pathname, location.search, navigate]);
  return (
    <PageFrame title={t('site.routes.OAuthAuthorize')}>
      {request === null ? (
        <Card>
          <EmptyState text={t('site.oauth.invalid')} />
        </Card>
      ) : loggedIn ? (
        <Consent request={request} />
      ) : null}
    </PageFrame>
  );
}
