/**
 * The plays the widgets' stories share for the same states (skeleton, error with retry, nothing
 * to show). Stories only: no widget imports this file.
 */
import { expect, userEvent, within } from 'storybook/test';

/** The skeleton is a busy status. */
export async function playLoading({ canvasElement }: { canvasElement: HTMLElement }) {
  await expect(within(canvasElement).getByRole('status')).toHaveAttribute('aria-busy', 'true');
}

/** A story's play: what it gets from Storybook that these use. */
type Play = (context: {
  args: { onRetry?: () => void };
  canvasElement: HTMLElement;
}) => Promise<void>;

/**
 * The error is announced (saying `message`, when given), and its Retry button calls the story's
 * `onRetry` once.
 */
export function playErrorRetry(message?: string): Play {
  return async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = canvas.getByRole('alert');
    await expect(alert).toBeInTheDocument();
    if (message !== undefined) await expect(alert).toHaveTextContent(message);
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  };
}

/** The widget says `text` (its empty state, say). */
export function playShows(text: string): Play {
  return async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(text)).toBeInTheDocument();
  };
}

/** With nothing to show the widget renders nothing (no region). */
export async function playNothingRendered({ canvasElement }: { canvasElement: HTMLElement }) {
  await expect(within(canvasElement).queryByRole('region')).toBeNull();
}
