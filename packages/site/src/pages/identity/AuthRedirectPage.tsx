import { ApiError } from '@poolkit/core/client';
import type { OidcFinish } from '@poolkit/core/contract';
import { validators } from '@poolkit/core/validators';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showMessage } from '../../app/feedback';
import { useNavigate, useSearchParams } from '../../app/nav';
import { useServices } from '../../app/servicesContext';
import { AppLink, Card, EmptyState, PageFrame, uiStyles } from '../../app/ui';
import { completeLogin, type FormErrors, validateFields } from './identity';
import { TotpForm } from './TotpForm';
import { takeBrowserBinding, takeRedirect } from './thirdParty';

type Stage =
  | { kind: 'finishing' }
  | { kind: 'failed'; text: string }
  | { kind: 'totp'; ticket: string };

/**
 * What a refused finish tells the user: that the account exists and how to link it (the server
 * links by email only for trusted providers), that the sign-in belongs to another tab, or the
 * general failure.
 */
function refusalText(error: unknown): 'accountExists' | 'otherBrowser' | 'failed' {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.status === 409 && error.fields.some((item) => item.field === 'email')) {
    return 'accountExists';
  }
  if (error.fields.some((item) => item.field === 'browser_binding')) return 'otherBrowser';
  return 'failed';
}

/**
 * The return page of a third-party sign-in (`/authredirect`) and of linking one in settings
 * (`/user/authredirect`): hands the provider's `code` and `state`, with the browser binding this
 * tab kept when it started the sign-in, to the server once, then signs in (the authenticator
 * step when the account has 2FA) or goes back to settings. A link that this tab did not start
 * (someone else's sign-in) has no binding: it is refused here, before any call.
 */
export function Component() {
  const { t } = useTranslation();
  const services = useServices();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [stage, setStage] = useState<Stage>({ kind: 'finishing' });
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    // The state is single use: finish once, even when React runs the effect twice.
    if (started.current) return;
    started.current = true;
    const providerCode = search.get('code');
    const state = search.get('state');
    const iss = search.get('iss');
    const binding = takeBrowserBinding();
    if (search.get('error') !== null) {
      setStage({ kind: 'failed', text: t('site.thirdParty.cancelled') });
      return;
    }
    if (providerCode === null || state === null) {
      setStage({ kind: 'failed', text: t('site.thirdParty.failed') });
      return;
    }
    if (binding === null) {
      setStage({ kind: 'failed', text: t('site.thirdParty.otherBrowser') });
      return;
    }
    const finish = async () => {
      let result: OidcFinish;
      try {
        result = await services.api.oidcFinish({
          body: {
            code: providerCode,
            state,
            browser_binding: binding,
            ...(iss === null ? {} : { iss }),
          },
        });
      } catch (error) {
        const refusal = refusalText(error);
        // The page says it all for the two known refusals; anything else shows the server's word.
        if (refusal === 'failed') reportError(error);
        setStage({ kind: 'failed', text: t(`site.thirdParty.${refusal}`) });
        return;
      }
      if (result.status === 'linked') {
        showMessage(t('site.thirdParty.linked'), 'success');
        void navigate('/user/setting#third-party', { replace: true });
      } else if (result.status === 'totp_required') {
        setStage({ kind: 'totp', ticket: result.login_ticket });
      } else {
        if (result.registered) showMessage(t('site.thirdParty.registered'), 'success');
        else if (result.linked) showMessage(t('site.thirdParty.linkedByEmail'), 'success');
        void navigate(completeLogin(services, result, takeRedirect()), { replace: true });
      }
    };
    void finish();
  }, [search, services, navigate, t]);

  async function submitCode(event: FormEvent, ticket: string) {
    event.preventDefault();
    const found = validateFields(t, [{ field: 'code', schema: validators.totpCode, value: code }]);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const tokens = await services.api.totpLogin({
        body: { login_ticket: ticket, code: code.trim() },
      });
      void navigate(completeLogin(services, tokens, takeRedirect()), { replace: true });
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  }

  if (stage.kind === 'totp') {
    return (
      <TotpForm
        code={code}
        onCode={setCode}
        error={errors.code}
        busy={busy}
        onSubmit={(event) => void submitCode(event, stage.ticket)}
      />
    );
  }

  return (
    <PageFrame title={t('site.routes.AuthRedirect')}>
      <Card>
        {stage.kind === 'finishing' ? (
          <p role="status">{t('site.thirdParty.finishing')}</p>
        ) : (
          <EmptyState
            text={stage.text}
            action={
              <AppLink to="/login" className={uiStyles.link}>
                {t('site.reset.backToLogin')}
              </AppLink>
            }
          />
        )}
      </Card>
    </PageFrame>
  );
}
