import type { Dispatch } from 'react';

/** What every money dialog's form holds besides its own fields. */
export interface MoneyFormState<Field extends string> {
  /** Problems by field; `form` is the one above the buttons. */
  readonly errors: Partial<Record<Field | 'form', string>>;
  /** A request to the host is under way. */
  readonly busy: boolean;
}

/** The actions every money dialog's form takes. */
export type MoneyFormAction<Text extends string, Field extends string> =
  | { readonly type: 'edit'; readonly field: Text; readonly value: string }
  | { readonly type: 'errors'; readonly errors: Partial<Record<Field | 'form', string>> }
  /** One field's problem, or its clearing (`undefined`), keeping the others. */
  | { readonly type: 'error'; readonly field: Field; readonly message?: string | undefined }
  | { readonly type: 'busy'; readonly busy: boolean };

/** The part of a money dialog's reducer that every dialog shares. */
export function moneyFormReducer<
  Text extends string,
  Field extends string,
  Form extends MoneyFormState<Field> & Readonly<Record<Text, string>>,
>(form: Form, action: MoneyFormAction<Text, Field>): Form {
  switch (action.type) {
    case 'edit':
      return { ...form, [action.field]: action.value };
    case 'errors':
      return { ...form, errors: action.errors };
    case 'error':
      return { ...form, errors: { ...form.errors, [action.field]: action.message } };
    case 'busy':
      return { ...form, busy: action.busy };
  }
}

/** The text of a rejection, whatever was thrown. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs a request to the host: busy meanwhile, a rejection's message above the buttons. */
export async function whileBusy(
  dispatch: Dispatch<MoneyFormAction<never, never>>,
  run: () => Promise<void>,
): Promise<void> {
  dispatch({ type: 'busy', busy: true });
  try {
    await run();
  } catch (error) {
    dispatch({ type: 'errors', errors: { form: messageOf(error) } });
  } finally {
    dispatch({ type: 'busy', busy: false });
  }
}
