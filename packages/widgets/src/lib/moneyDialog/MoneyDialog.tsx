import { compareDecimal } from '@poolkit/core';
import {
  type ComponentPropsWithoutRef,
  cloneElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useEffect,
  useRef,
} from 'react';
import { FormField, useFormFieldControl } from '../../components/FormField/FormField';
import { useControllableState } from '../../internal/useControllableState';
import * as widget from '../widget.css';
import * as styles from './moneyDialog.css';

/** A button that opens a money dialog (it gets `aria-haspopup` and `aria-expanded`). */
export type DialogTrigger = ReactElement<{
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  'aria-haspopup'?: 'dialog';
  'aria-expanded'?: boolean;
}>;

/** The id of the form a {@link MoneyDialog}'s submit button sends. */
export const formIdOf = (id: string) => `${id}-form`;

/** The props every money dialog takes: opening it, and the pay password it needs. */
export interface MoneyDialogBaseProps {
  /** Whether the dialog is open (controlled). */
  open?: boolean;
  /** Whether the dialog starts open (uncontrolled). Default `false`. */
  defaultOpen?: boolean;
  /** Called when the dialog opens or closes (also after the host carried the request out). */
  onOpenChange?: (open: boolean) => void;
  /** A button that opens the dialog (it gets `aria-haspopup` and `aria-expanded`). */
  trigger?: DialogTrigger;
  /** Whether a pay password is set; without one the dialog offers to set it instead. */
  hasPayPassword: boolean;
  /** Opens the host's pay-password form; shown when none is set. */
  onSetPayPassword?: () => void;
}

/** Opens and closes a money dialog, controlled (`open`) or not (`defaultOpen`). */
export function useDialogOpen({
  open,
  defaultOpen = false,
  onOpenChange,
}: Pick<MoneyDialogBaseProps, 'open' | 'defaultOpen' | 'onOpenChange'>): [
  boolean,
  (open: boolean) => void,
] {
  return useControllableState({ value: open, defaultValue: defaultOpen, onChange: onOpenChange });
}

/** The rows of an account's balances that hold something to move. */
export function fundedRows<Row extends { readonly available: string }>(
  balances: readonly Row[],
): Row[] {
  return balances.filter((row) => compareDecimal(row.available, '0') > 0);
}

/** Props of {@link MoneyDialog}. */
export interface MoneyDialogProps {
  /** The dialog's own id (`useId`): its title, description and form are named after it. */
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: DialogTrigger | undefined;
  title: string;
  description: string;
  /** The body: a {@link MoneyForm} when the dialog is ready, else what stops it. */
  children: ReactNode;
  /** The left button: Cancel (closes) unless `onClick` does something else (Back). */
  cancel: { readonly label: string; readonly onClick?: () => void };
  /** The button that sends the form; left out while there is nothing to send. */
  submit?: { readonly label: string; readonly busy: boolean } | undefined;
}

/**
 * The shell of the money dialogs (withdraw, transfer, exchange): a native `<dialog>` shown with
 * `showModal()`, so focus stays inside and returns on close and the page behind is inert; Escape
 * and a press on the backdrop close it; it carries `data-state`. The title, the description,
 * the body and the footer's two buttons. (The base `Dialog` is built on floating-ui, which would
 * carry about 27 KB into each of these entries, three times their size budget.)
 */
export function MoneyDialog({
  id,
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  cancel,
  submit,
}: MoneyDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialogRef.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  const close = () => onOpenChange(false);

  return (
    <>
      {trigger
        ? cloneElement(trigger, {
            'aria-haspopup': 'dialog',
            'aria-expanded': open,
            onClick: (event: MouseEvent<HTMLElement>) => {
              trigger.props.onClick?.(event);
              onOpenChange(true);
            },
          })
        : null}
      <dialog
        ref={dialogRef}
        className={styles.dialog}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
        data-state={open ? 'open' : 'closed'}
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.preventDefault();
          close();
        }}
        onClose={() => {
          if (open) close();
        }}
        onClick={(event) => {
          if (event.target === event.currentTarget) close();
        }}
      >
        {open ? (
          <div className={styles.panel}>
            <h2 id={`${id}-title`} className={styles.title}>
              {title}
            </h2>
            <p id={`${id}-description`} className={widget.note}>
              {description}
            </p>
            {children}
            <div className={styles.footer}>
              <button
                type="button"
                className={widget.button}
                data-variant="secondary"
                onClick={cancel.onClick ?? close}
              >
                {cancel.label}
              </button>
              {submit ? (
                <button
                  type="submit"
                  form={formIdOf(id)}
                  className={widget.button}
                  aria-busy={submit.busy || undefined}
                >
                  {submit.label}
                </button>
              ) : null}
            </div>
          </div>
        ) : null}
      </dialog>
    </>
  );
}

/** Props of {@link MoneyForm}. */
export interface MoneyFormProps {
  /** The dialog's id, as given to {@link MoneyDialog}. */
  id: string;
  /** Called on submit (Enter in a field, or the dialog's submit button). */
  onSubmit: () => unknown;
  /** The message above the buttons that no field is to blame for. */
  error?: string | undefined;
  children: ReactNode;
  /** The step shown, for a dialog with steps. */
  step?: string;
}

/** The form of a money dialog, checked by the dialog itself (`noValidate`), with its error line. */
export function MoneyForm({ id, onSubmit, error, children, step }: MoneyFormProps) {
  return (
    <form
      id={formIdOf(id)}
      className={styles.form}
      noValidate
      data-step={step}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
      <ErrorLine message={error} />
    </form>
  );
}

/** A message that needs reading now (`role="alert"`), or nothing. */
export function ErrorLine({ message }: { message?: string | undefined }) {
  return message ? (
    <p className={styles.error} role="alert">
      {message}
    </p>
  ) : null;
}

/** Without a pay password a money dialog says so and offers the host's form to set one. */
export function PayPasswordNotice({
  text,
  setLabel,
  onSet,
}: {
  text: string;
  setLabel: string;
  onSet?: (() => void) | undefined;
}) {
  return (
    <div className={styles.notice}>
      <p className={widget.muted}>{text}</p>
      {onSet ? (
        <button type="button" className={widget.button} onClick={onSet}>
          {setLabel}
        </button>
      ) : null}
    </div>
  );
}

/**
 * What stops a dialog that moves an account's coins before its form: no pay password (with
 * the offer to set one), or no balance to move (`noFunds`); `null` when the form may show.
 */
export function blockedBody(
  { hasPayPassword, onSetPayPassword }: MoneyDialogBaseProps,
  funded: boolean,
  texts: { noPayPassword: string; setPayPassword: string; noFunds: string },
): ReactElement | null {
  if (!hasPayPassword) {
    return (
      <PayPasswordNotice
        text={texts.noPayPassword}
        setLabel={texts.setPayPassword}
        onSet={onSetPayPassword}
      />
    );
  }
  return funded ? null : <p className={widget.muted}>{texts.noFunds}</p>;
}

/** The pay password, in clear for the host to encrypt; `id` names it. */
export function PayPasswordField({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      <FieldInput
        type="password"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormField>
  );
}

/** A text field in the widgets' look that takes its id, validity and descriptions from a `FormField`. */
export function FieldInput(props: ComponentPropsWithoutRef<'input'>) {
  const { controlProps } = useFormFieldControl(props);
  return <input autoComplete="off" {...controlProps} className={widget.textInput} />;
}

/** A native `<select>` that takes its id, validity and descriptions from a `FormField`. */
export function FieldSelect(props: ComponentPropsWithoutRef<'select'>) {
  const { controlProps } = useFormFieldControl(props);
  return <select {...controlProps} className={widget.nativeSelect} />;
}

/** An amount with "All" at its end, inside a `FormField`. */
export function AmountInput({
  value,
  onChange,
  allLabel,
  onAll,
}: {
  value: string;
  onChange: (value: string) => void;
  allLabel: string;
  onAll: () => void;
}) {
  return (
    <div className={styles.withButton}>
      <FieldInput
        inputMode="decimal"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <button type="button" className={widget.button} data-variant="secondary" onClick={onAll}>
        {allLabel}
      </button>
    </div>
  );
}
