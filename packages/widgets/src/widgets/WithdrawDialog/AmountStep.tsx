import { compareDecimal, type WithdrawRules } from '@poolkit/core';
import { FormField } from '../../components/FormField/FormField';
import { AmountInput, FieldSelect } from '../../lib/moneyDialog/MoneyDialog';
import * as money from '../../lib/moneyDialog/moneyDialog.css';
import * as widget from '../../lib/widget.css';
import { type WithdrawLabel, withdrawalParts } from './WithdrawDialog';
import * as styles from './WithdrawDialog.css';
import type { WithdrawFigures, WithdrawStepProps } from './withdrawStep';

/** Above the audit limit a withdrawal waits for a manual audit: said on the last two steps. */
export function AuditNote({
  rules,
  figures,
  label,
  money: moneyOf,
}: {
  rules: WithdrawRules;
  figures: WithdrawFigures;
  label: WithdrawLabel;
  money: (figure: string) => string;
}) {
  return figures.valueOk && compareDecimal(figures.value, rules.manual_audit_above) > 0 ? (
    <p className={styles.callout}>
      {label('withdrawAuditNote', { limit: moneyOf(rules.manual_audit_above) })}
    </p>
  ) : null;
}

/**
 * Step 2: with several accounts the one the coins leave, then the amount the address receives
 * ("All" is the balance less the fee) with the balance, fee, minimum, what arrives and what
 * leaves; the audit note, and above the largest single withdrawal how many transactions it
 * takes.
 */
export function AmountStep({
  id,
  form,
  dispatch,
  label,
  symbol,
  rules,
  accounts,
  figures,
  money: moneyOf,
}: WithdrawStepProps & {
  rules: WithdrawRules;
  accounts?: readonly { readonly account: string; readonly available: string }[] | undefined;
  figures: WithdrawFigures;
  money: (figure: string) => string;
}) {
  return (
    <>
      {accounts !== undefined && accounts.length > 1 ? (
        <FormField id={`${id}-from`} label={label('withdrawFrom')}>
          <FieldSelect
            value={form.fromAccount}
            onChange={(event) =>
              dispatch({ type: 'edit', field: 'fromAccount', value: event.target.value })
            }
          >
            {accounts.map((entry) => (
              <option key={entry.account} value={entry.account}>
                {entry.account}
              </option>
            ))}
          </FieldSelect>
        </FormField>
      ) : null}
      {compareDecimal(figures.available, '0') <= 0 ? (
        <p className={widget.muted}>{label('withdrawNoFunds', { coin: symbol })}</p>
      ) : null}
      <FormField id={`${id}-amount`} label={label('withdrawAmount')} error={form.errors.amount}>
        <AmountInput
          value={form.amount}
          onChange={(value) => dispatch({ type: 'edit', field: 'amount', value })}
          allLabel={label('withdrawAll')}
          onAll={() => dispatch({ type: 'edit', field: 'amount', value: figures.most })}
        />
      </FormField>
      <dl className={`${money.figures} ${styles.figures}`}>
        <dt>{label('withdrawAvailable')}</dt>
        <dd>{moneyOf(figures.available)}</dd>
        <dt>{label('withdrawFee')}</dt>
        <dd>{moneyOf(figures.fee)}</dd>
        <dt>{label('withdrawMinimum')}</dt>
        <dd>{moneyOf(rules.min_amount)}</dd>
        <dt>{label('withdrawReceive')}</dt>
        <dd className={money.strong} data-testid="withdraw-receive">
          {moneyOf(figures.receive)}
        </dd>
        <dt>{label('withdrawTotal')}</dt>
        <dd data-testid="withdraw-total">{moneyOf(figures.total)}</dd>
      </dl>
      <AuditNote rules={rules} figures={figures} label={label} money={moneyOf} />
      {figures.valueOk && compareDecimal(figures.value, rules.max_single) > 0 ? (
        <p className={styles.callout}>
          {label('withdrawSplitNote', {
            max: moneyOf(rules.max_single),
            parts: withdrawalParts(figures.value, rules.max_single),
          })}
        </p>
      ) : null}
    </>
  );
}
