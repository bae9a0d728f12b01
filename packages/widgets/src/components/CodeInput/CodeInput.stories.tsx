import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FormField } from '../FormField/FormField';
import { CodeInput } from './CodeInput';

const meta = {
  title: 'Base/CodeInput',
  component: CodeInput,
  args: { onValueChange: fn(), onComplete: fn() },
} satisfies Meta<typeof CodeInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Typical: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const group = canvas.getByRole('group', { name: 'Verification code' });
    const boxes = within(group).getAllByRole('textbox');
    await expect(boxes).toHaveLength(6);
    await expect(boxes[0]).toHaveAccessibleName('Digit 1 of 6');
    await expect(boxes[0]).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(boxes[0]).toHaveAttribute('inputmode', 'numeric');

    await userEvent.click(boxes[0] as HTMLElement);
    await userEvent.keyboard('12a3');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('123');
    await expect(boxes[3]).toHaveFocus();
    await userEvent.keyboard('456');
    await expect(args.onComplete).toHaveBeenCalledWith('123456');
    await expect(boxes.map((box) => (box as HTMLInputElement).value)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
    ]);

    // Backspace clears the last box, then moves back and clears the one before.
    await userEvent.keyboard('{Backspace}');
    await expect(boxes[5]).toHaveValue('');
    await expect(boxes[5]).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    await expect(boxes[4]).toHaveFocus();
    await expect(boxes[4]).toHaveValue('');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('1234');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await expect(boxes[2]).toHaveFocus();
  },
};

export const PasteFillsAllBoxes: Story = {
  play: async ({ args, canvasElement }) => {
    const boxes = within(canvasElement).getAllByRole('textbox');
    await userEvent.click(boxes[0] as HTMLElement);
    await userEvent.paste('123456');
    await expect(boxes.map((box) => (box as HTMLInputElement).value)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
    ]);
    await expect(args.onComplete).toHaveBeenCalledWith('123456');
    await expect(boxes[5]).toHaveFocus();
  },
};

export const PasteWithSpaces: Story = {
  play: async ({ args, canvasElement }) => {
    const boxes = within(canvasElement).getAllByRole('textbox');
    await userEvent.click(boxes[0] as HTMLElement);
    await userEvent.paste('654 321');
    await expect(args.onComplete).toHaveBeenCalledWith('654321');
  },
};

export const ClickPastEmptyBoxes: Story = {
  args: { defaultValue: '12' },
  play: async ({ canvasElement }) => {
    const boxes = within(canvasElement).getAllByRole('textbox');
    await userEvent.click(boxes[5] as HTMLElement);
    await expect(boxes[2]).toHaveFocus();
  },
};

export const InField: Story = {
  render: (args) => (
    <FormField
      label="Authenticator code"
      hint="Open your authenticator app."
      error="Verification Failed"
    >
      <CodeInput {...args} name="totp" defaultValue="000000" />
    </FormField>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const group = canvas.getByRole('group', { name: 'Authenticator code' });
    await expect(group).toHaveAccessibleDescription(
      'Open your authenticator app. Verification Failed',
    );
    const boxes = within(group).getAllByRole('textbox');
    for (const box of boxes) await expect(box).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(canvas.getByText('Authenticator code'));
    await expect(boxes[0]).toHaveFocus();
    await expect(canvasElement.querySelector('input[type="hidden"]')).toHaveValue('000000');
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: '123' },
  play: async ({ canvasElement }) => {
    for (const box of within(canvasElement).getAllByRole('textbox'))
      await expect(box).toBeDisabled();
  },
};

export const Japanese: Story = {
  globals: { locale: 'ja' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: '認証コード' })).toBeVisible();
    await expect(canvas.getAllByRole('textbox')[0]).toHaveAccessibleName('6 桁中 1 桁目');
  },
};

export const Dark: Story = { ...InField, globals: { theme: 'dark' } };

export const Narrow: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 240 }}>
        <Story />
      </div>
    ),
  ],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
