import { RESEND_CODE_SECONDS } from '@poolkit/core/constants';
import { Button } from '@poolkit/widgets';
import { useTranslation } from 'react-i18next';
import { TextField, uiStyles } from '../../app/ui';
import { useResendCountdown } from './resend';

/**
 * A verification-code input and its "send code" button, which reads "Resend in N s" while
 * `left` seconds remain; for a form that runs the resend countdown itself.
 */
export function CodeInput({
  name = 'code',
  value,
  onChange,
  error,
  onSend,
  sending,
  left,
}: {
  name?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  onSend: () => void;
  sending: boolean;
  left: number;
}) {
  const { t } = useTranslation();
  return (
    <div className={`${uiStyles.row} ${uiStyles.rowBottom}`}>
      <div className={uiStyles.grow}>
        <TextField
          label={t('site.form.code')}
          name={name}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={value}
          error={error}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      <Button
        variant="secondary"
        disabled={left > 0}
        data-testid="send-code"
        loading={sending}
        onClick={onSend}
      >
        {left > 0 ? t('site.form.resendIn', { seconds: left }) : t('site.form.sendCode')}
      </Button>
    </div>
  );
}

/** A verification-code input with a "send code" button and the 60 s resend countdown. */
export function CodeField({
  value,
  onChange,
  error,
  onSend,
  sending,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /**
   * Sends the code; resolves `true` when it was sent (the 60 s countdown starts), a number of
   * seconds when the server said a code was sent less than 60 s ago (that countdown starts), or
   * `false` when nothing was sent.
   */
  onSend: () => Promise<boolean | number>;
  sending: boolean;
}) {
  const { left, start } = useResendCountdown();
  return (
    <CodeInput
      value={value}
      onChange={onChange}
      error={error}
      sending={sending}
      left={left}
      onSend={() => {
        void onSend().then((sent) => {
          if (typeof sent === 'number') start(sent);
          else if (sent) start(RESEND_CODE_SECONDS);
        });
      }}
    />
  );
}
