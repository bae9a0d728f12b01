import type { WithdrawAddress } from '@poolkit/core';
import { FormField } from '../../components/FormField/FormField';
import { messageOf } from '../../lib/moneyDialog/formReducer';
import { FieldInput } from '../../lib/moneyDialog/MoneyDialog';
import * as money from '../../lib/moneyDialog/moneyDialog.css';
import { CodeOrPasskey } from '../../lib/moneyDialog/SecondValidation';
import * as widget from '../../lib/widget.css';
import type { WithdrawAddressValues, WithdrawDialogRefusal, WithdrawLabel } from './WithdrawDialog';
import * as styles from './WithdrawDialog.css';
import type { WithdrawStepProps } from './withdrawStep';

/** The texts of a withdrawal's code or passkey, for either scene. */
export function codeTexts(label: WithdrawLabel) {
  return {
    code: label('withdrawCode'),
    send: label('withdrawSendCode'),
    sent: label('withdrawCodeSent'),
    usePasskey: label('withdrawUsePasskey'),
    verified: label('withdrawPasskeyVerified'),
    failedHint: label('withdrawPasskeyFailedHint'),
  };
}

/**
 * Step 1: one of the coin's saved addresses (a radio each, with its delete button), or a new
 * one: name, address, for KDA the public key, and the second validation of scene
 * `withdraw_address`.
 */
export function AddressStep({
  id,
  form,
  dispatch,
  label,
  coin,
  symbol,
  validation,
  own,
  onAddAddress,
  onDeleteAddress,
  onSave,
}: WithdrawStepProps & {
  own: readonly WithdrawAddress[];
  onAddAddress?:
    | ((values: WithdrawAddressValues) => Promise<WithdrawDialogRefusal | undefined>)
    | undefined;
  onDeleteAddress?: ((address: WithdrawAddress) => Promise<void>) | undefined;
  onSave: () => void;
}) {
  const { errors } = form;
  const edit = (field: 'alias' | 'newAddress' | 'publicKey') => ({
    value: form[field],
    onChange: (event: { target: { value: string } }) =>
      dispatch({ type: 'edit', field, value: event.target.value }),
  });
  return (
    <>
      {own.length === 0 ? (
        <p className={widget.muted}>{label('withdrawNoAddresses', { coin: symbol })}</p>
      ) : (
        <fieldset
          className={styles.addressList}
          aria-describedby={errors.addressId ? `${id}-addressId-error` : undefined}
        >
          <legend className={styles.legend}>{label('withdrawSavedAddresses')}</legend>
          {own.map((entry) => (
            <div key={entry.id} className={styles.addressOption}>
              <input
                type="radio"
                id={`${id}-address-${entry.id}`}
                name={`${id}-address`}
                value={entry.id}
                checked={form.addressId === entry.id}
                onChange={() => dispatch({ type: 'edit', field: 'addressId', value: entry.id })}
              />
              <label htmlFor={`${id}-address-${entry.id}`} className={styles.addressLabel}>
                <span className={styles.alias}>{entry.alias}</span>
                <span className={styles.addressText}>{entry.address}</span>
              </label>
              {onDeleteAddress ? (
                <button
                  type="button"
                  className={widget.button}
                  data-variant="ghost"
                  data-size="sm"
                  aria-label={label('withdrawDeleteAddress', { alias: entry.alias })}
                  onClick={() => {
                    dispatch({ type: 'errors', errors: {} });
                    onDeleteAddress(entry).catch((failure: unknown) =>
                      dispatch({ type: 'errors', errors: { form: messageOf(failure) } }),
                    );
                  }}
                >
                  ✕
                </button>
              ) : null}
            </div>
          ))}
        </fieldset>
      )}
      {errors.addressId ? (
        <p id={`${id}-addressId-error`} className={money.error}>
          {errors.addressId}
        </p>
      ) : null}
      {onAddAddress && !form.adding ? (
        <div>
          <button
            type="button"
            className={widget.button}
            data-variant="secondary"
            data-size="sm"
            onClick={() => dispatch({ type: 'adding', adding: true })}
          >
            {label('withdrawAddAddress')}
          </button>
        </div>
      ) : null}
      {onAddAddress && form.adding ? (
        <div className={styles.addForm}>
          <FormField id={`${id}-alias`} label={label('withdrawAlias')} error={errors.alias}>
            <FieldInput
              placeholder={label('withdrawAliasPlaceholder')}
              maxLength={64}
              {...edit('alias')}
            />
          </FormField>
          <FormField id={`${id}-address`} label={label('withdrawAddress')} error={errors.address}>
            <FieldInput spellCheck={false} {...edit('newAddress')} />
          </FormField>
          {coin === 'kda' ? (
            <FormField
              id={`${id}-publicKey`}
              label={label('withdrawPublicKey')}
              hint={label('withdrawPublicKeyHint')}
              error={errors.publicKey}
            >
              <FieldInput spellCheck={false} {...edit('publicKey')} />
            </FormField>
          ) : null}
          <CodeOrPasskey
            id={`${id}-addressCode`}
            scene="withdraw_address"
            validation={validation}
            value={form.addressCode}
            onChange={(value) => dispatch({ type: 'edit', field: 'addressCode', value })}
            error={errors.addressCode}
            texts={codeTexts(label)}
          />
          <div className={money.footer}>
            <button
              type="button"
              className={widget.button}
              data-variant="secondary"
              onClick={() => dispatch({ type: 'adding', adding: false })}
            >
              {label('withdrawCancel')}
            </button>
            <button
              type="button"
              className={widget.button}
              aria-busy={form.busy || undefined}
              onClick={onSave}
            >
              {label('withdrawSaveAddress')}
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}
