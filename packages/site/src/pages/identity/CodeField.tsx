import { RESEND_CODE_SECONDS } from '@poolkit/core';
import { Button } from '@poolkit/widgets';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField, uiStyles } from '../../app/ui';

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
  /** Sends the code; resolves true when it was sent (the countdown starts). */
  onSend: () => Promise<boolean>;
  sending: boolean;
}) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return (
    <div className={`${uiStyles.row} ${uiStyles.rowBottom}`}>
      <div className={uiStyles.grow}>
        <TextField
          label={t('site.form.code')}
          name="code"
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
        loading={sending}
        onClick={() => {
          void onSend().then((sent) => {
            if (sent) setLeft(RESEND_CODE_SECONDS);
          });
        }}
      >
        {left > 0 ? t('site.form.resendIn', { seconds: left }) : t('site.form.sendCode')}
      </Button>
    </div>
  );
}
