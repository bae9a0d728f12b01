/**
 * What the money dialogs' stories share: opened at once, the looks every dialog is shown in
 * (dark, a phone, the other languages), and the plays of the states that stop the form. Stories
 * only: no widget imports this file.
 */
import { expect, userEvent, within } from 'storybook/test';

/** Opened at once, without the trigger. */
export const opened = { defaultOpen: true, trigger: undefined } as const;

type Globals = Record<string, unknown>;

/** The dark theme, a phone and the four other languages, by story name. */
export const LOOKS: Readonly<
  Record<'Dark' | 'Narrow' | 'Chinese' | 'Russian' | 'Japanese' | 'Korean', Globals>
> = {
  Dark: { theme: 'dark' },
  Narrow: { viewport: { value: 'phone', isRotated: false } },
  Chinese: { locale: 'zh-CN' },
  Russian: { locale: 'ru' },
  Japanese: { locale: 'ja' },
  Korean: { locale: 'ko' },
};

/** A story of the opened dialog in one of the {@link LOOKS}, with an optional play. */
export function look<Play>(name: keyof typeof LOOKS, play?: Play) {
  return { args: opened, globals: LOOKS[name], ...(play === undefined ? {} : { play }) };
}

/** Without a pay password: no field, and the button that asks the host to set one. */
export function playNoPayPassword(dialogName: string) {
  return async ({
    args,
    canvasElement,
  }: {
    args: { onSetPayPassword?: () => void };
    canvasElement: HTMLElement;
  }) => {
    const dialog = await within(canvasElement).findByRole('dialog', { name: dialogName });
    const body = within(dialog);
    await expect(body.queryByRole('textbox')).toBeNull();
    await userEvent.click(body.getByRole('button', { name: 'Set pay password' }));
    await expect(args.onSetPayPassword).toHaveBeenCalledTimes(1);
  };
}

/** No balance to move: `text` says so, and there is no `submit` button. */
export function playNoFunds(dialogName: string, text: string, submit: string) {
  return async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const dialog = await within(canvasElement).findByRole('dialog', { name: dialogName });
    await expect(within(dialog).getByText(text)).toBeInTheDocument();
    await expect(within(dialog).queryByRole('button', { name: submit })).toBeNull();
  };
}

/**
 * The end of every journey with a code: the pay password, "Send code" (then "Code sent" and the
 * wait before another), the code, and `submit`.
 */
export async function confirmWithCode(body: ReturnType<typeof within>, submit: string) {
  await userEvent.type(body.getByLabelText('Pay password'), 'Pay123456');
  await userEvent.click(body.getByRole('button', { name: 'Send code' }));
  await expect(await body.findByRole('status')).toHaveTextContent('Code sent');
  await expect(body.getByRole('button', { name: /Resend in/ })).toBeDisabled();
  await userEvent.type(body.getByRole('textbox', { name: 'Verification code' }), '123456');
  await userEvent.click(body.getByRole('button', { name: submit }));
}
