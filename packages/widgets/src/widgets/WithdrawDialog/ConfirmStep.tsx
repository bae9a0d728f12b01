import type { WithdrawAddress, WithdrawRules } from '@poolkit/core';
import { PayPasswordField } from '../../lib/moneyDialog/MoneyDialog';
import * as money from '../../lib/moneyDialog/moneyDialog.css';
import { CodeOrPasskey } from '../../lib/moneyDialog/SecondValidation';
import { codeTexts } from './AddressStep';
import { AuditNote } from './AmountStep';
import * as styles from './WithdrawDialog.css';
import type { WithdrawFigures, WithdrawStepProps } from './withdrawStep';

/**
 * Step 3: the summary (the address, the amount, the fee, what arrives and what leaves), the pay
 * password and the second validation of scene `withdraw`.
 */
export function ConfirmStep({
  id,
  form,
  dispatch,
  label,
  validation,
  rules,
  chosen,
  figures,
  money: moneyOf,
}: WithdrawStepProps & {
  rules: WithdrawRules;
  chosen: WithdrawAddress | undefined;
  figures: WithdrawFigures;
  money: (figure: string) => string;
}) {
  return (
    <>
      <dl className={`${money.figures} ${styles.figures}`}>
        <dt>{label('withdrawTo')}</dt>
        <dd>
          <span className={styles.alias}>{chosen?.alias}</span>
          <br />
          <span className={styles.addressText}>{chosen?.address}</span>
        </dd>
        <dt>{label('withdrawAmount')}</dt>
        <dd>{figures.valueOk ? moneyOf(figures.value) : '--'}</dd>
        <dt>{label('withdrawFee')}</dt>
        <dd>{moneyOf(figures.fee)}</dd>
        <dt>{label('withdrawReceive')}</dt>
        <dd className={money.strong}>{moneyOf(figures.receive)}</dd>
        <dt>{label('withdrawTotal')}</dt>
        <dd>{moneyOf(figures.total)}</dd>
      </dl>
      <AuditNote rules={rules} figures={figures} label={label} money={moneyOf} />
      <PayPasswordField
        id={`${id}-payPassword`}
        label={label('withdrawPayPassword')}
        value={form.payPassword}
        error={form.errors.payPassword}
        onChange={(value) => dispatch({ type: 'edit', field: 'payPassword', value })}
      />
      <CodeOrPasskey
        id={`${id}-code`}
        scene="withdraw"
        validation={validation}
        value={form.code}
        onChange={(value) => dispatch({ type: 'edit', field: 'code', value })}
        error={form.errors.code}
        texts={codeTexts(label)}
      />
    </>
  );
}
