import { describeError, isApiError } from '@poolkit/core/client';
import type { OidcProvider, UserInfo } from '@poolkit/core/contract';
import { Button, Dialog } from '@poolkit/widgets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFooter } from '../../app/DialogFooter';
import { reportError } from '../../app/feedback';
import { useServices } from '../../app/servicesContext';
import { uiStyles } from '../../app/ui';
import { useStartThirdParty } from '../identity/thirdParty';
import {
  NO_VALIDATION,
  SecondValidationField,
  type SecondValidationValue,
  secondValidationToken,
  useHasSecondFactor,
  validateSecondValidation,
} from './SecondValidation';

/**
 * "Link …" (settings, BindWechat): a linked sign-in opens the account on its own and outlives a
 * password reset, so the server takes a fresh second validation of scene `link_identity` (a
 * code of the user's channel, or a passkey) before the browser leaves for the provider. The
 * start spends the validation; a refused one (wrong code, expired) is shown beside the code for
 * another try. A user with no second factor at all is told to bind an email or a phone first.
 */
export function LinkIdentityDialog({
  provider,
  user,
  onClose,
}: {
  /** The provider to link. */
  provider: OidcProvider;
  /** The signed-in user: the channel of the code, and whether any factor exists. */
  user: Pick<UserInfo, 'verify_type' | 'email' | 'phone' | 'totp_enabled'>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const services = useServices();
  const hasFactor = useHasSecondFactor(user);
  const { busy, start } = useStartThirdParty();
  const [validation, setValidation] = useState<SecondValidationValue>(NO_VALIDATION);
  const [error, setError] = useState<string | undefined>(undefined);
  const [checking, setChecking] = useState(false);
  // The validation token won in this dialog: a start refused for another reason (the provider
  // cannot be reached) leaves it good, so the next try needs no new code.
  const [won, setWon] = useState<string | null>(null);

  async function link() {
    const found = won === null ? validateSecondValidation(t, validation) : {};
    setError(found.code);
    if (found.code !== undefined) return;
    setChecking(true);
    try {
      const validationToken =
        won ?? (await secondValidationToken(services, user, 'link_identity', validation));
      setWon(validationToken);
      await start(provider.id, { purpose: 'link', validationToken });
    } catch (caught) {
      const field = isApiError(caught) ? caught.fields[0]?.field : undefined;
      if (field === 'code' || field === 'validation_token') {
        // A wrong code, or a validation that expired or was spent: validate again.
        setWon(null);
        if (field === 'validation_token') setValidation(NO_VALIDATION);
        setError(describeError(caught, (key) => t(key)));
      } else {
        reportError(caught);
      }
    } finally {
      setChecking(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('site.thirdParty.link', { name: provider.name })}
      description={t('site.thirdParty.linkConfirmHint')}
      footer={
        <DialogFooter>
          {hasFactor === false ? null : (
            <Button
              loading={checking || busy === provider.id}
              disabled={hasFactor === null}
              onClick={() => void link()}
            >
              {t('site.thirdParty.linkContinue', { name: provider.name })}
            </Button>
          )}
        </DialogFooter>
      }
    >
      {hasFactor === false ? (
        <p className={uiStyles.muted}>{t('site.security.noFactor')}</p>
      ) : (
        <SecondValidationField
          user={user}
          scene="link_identity"
          value={validation}
          onChange={(value) => {
            setValidation(value);
            setWon(null);
          }}
          error={error}
        />
      )}
    </Dialog>
  );
}
