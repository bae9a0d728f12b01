import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Dialog } from '../Dialog/Dialog';
import { FormField } from '../FormField/FormField';
import { Select, type SelectOption } from './Select';

const coins: SelectOption[] = [
  { value: 'btc', label: 'Bitcoin (BTC)' },
  { value: 'ltc', label: 'Litecoin (LTC)' },
  { value: 'doge', label: 'Dogecoin (DOGE)' },
  { value: 'kas', label: 'Kaspa (KAS)' },
  { value: 'etc', label: 'Ethereum Classic (ETC)', disabled: true },
  { value: 'kda', label: 'Kadena (KDA)' },
];

const meta = {
  title: 'Base/Select',
  component: Select,
  args: { options: coins, onValueChange: fn(), onOpenChange: fn() },
  render: (args) => (
    <div style={{ maxWidth: 320 }}>
      <FormField label="Coin" hint="The pool to show.">
        <Select {...args} />
      </FormField>
    </div>
  ),
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Typical: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('combobox', { name: 'Coin' });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(trigger).toHaveAttribute('aria-haspopup', 'listbox');
    await expect(trigger).toHaveTextContent('Select…');
    await expect(trigger).toHaveAccessibleDescription('The pool to show.');

    await userEvent.click(trigger);
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(trigger).toHaveAttribute('data-state', 'open');
    const listbox = canvas.getByRole('listbox', { name: 'Coin' });
    await expect(trigger).toHaveAttribute('aria-controls', listbox.id);
    const options = within(listbox).getAllByRole('option');
    await expect(options).toHaveLength(6);
    await expect(trigger).toHaveAttribute('aria-activedescendant', options[0]?.id);
    await expect(trigger).toHaveFocus();

    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(trigger).toHaveAttribute('aria-activedescendant', options[2]?.id);
    await userEvent.keyboard('{Enter}');
    await expect(args.onValueChange).toHaveBeenCalledWith('doge');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(trigger).not.toHaveAttribute('aria-activedescendant');
    await expect(trigger).toHaveTextContent('Dogecoin (DOGE)');
    await expect(canvas.queryByRole('listbox')).toBeNull();

    // Reopening highlights the chosen option; the disabled one is skipped.
    await userEvent.keyboard('{ArrowDown}');
    const reopened = within(canvas.getByRole('listbox')).getAllByRole('option');
    await expect(reopened[2]).toHaveAttribute('aria-selected', 'true');
    await expect(trigger).toHaveAttribute('aria-activedescendant', reopened[2]?.id);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(trigger).toHaveAttribute('aria-activedescendant', reopened[5]?.id);
    await userEvent.keyboard('{Escape}');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(trigger).toHaveTextContent('Dogecoin (DOGE)');
    await expect(trigger).toHaveFocus();
  },
};

export const MouseAndTypeahead: Story = {
  args: { defaultValue: 'btc' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('combobox', { name: 'Coin' });
    await userEvent.click(trigger);
    await userEvent.click(canvas.getByRole('option', { name: 'Kaspa (KAS)' }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith('kas');
    await expect(trigger).toHaveFocus();

    await userEvent.keyboard('l');
    const options = within(canvas.getByRole('listbox')).getAllByRole('option');
    await expect(trigger).toHaveAttribute('aria-activedescendant', options[1]?.id);
    await userEvent.keyboard('{Enter}');
    await expect(trigger).toHaveTextContent('Litecoin (LTC)');

    // A click outside closes without choosing.
    await userEvent.click(trigger);
    await userEvent.click(canvasElement.ownerDocument.body);
    await waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'false'));
    await expect(trigger).toHaveTextContent('Litecoin (LTC)');
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'btc' },
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole('combobox', { name: 'Coin' });
    await expect(trigger).toBeDisabled();
    await userEvent.click(trigger, { pointerEventsCheck: 0 });
    await expect(args.onOpenChange).not.toHaveBeenCalled();
  },
};

export const Invalid: Story = {
  render: (args) => (
    <div style={{ maxWidth: 320 }}>
      <FormField label="Coin" error="Choose a coin" required>
        <Select {...args} />
      </FormField>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('combobox', { name: 'Coin' });
    await expect(trigger).toHaveAttribute('aria-invalid', 'true');
    await expect(trigger).toHaveAttribute('aria-required', 'true');
    await expect(trigger).toHaveAccessibleDescription('Choose a coin');
  },
};

export const Open: Story = { args: { defaultOpen: true, defaultValue: 'ltc' } };

export const LongText: Story = {
  args: {
    defaultValue: 'long',
    options: [
      {
        value: 'long',
        label: 'Proportional pay-per-last-N-shares with transaction fees shared among miners',
      },
      { value: 'pps', label: 'PPS+ (pay per share, plus transaction fees)' },
    ],
  },
};

export const InDialog: Story = {
  render: (args) => (
    <Dialog title="Settlement" defaultOpen>
      <FormField label="Coin">
        <Select {...args} />
      </FormField>
    </Dialog>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const dialog = await canvas.findByRole('dialog', { name: 'Settlement' });
    const trigger = within(dialog).getByRole('combobox', { name: 'Coin' });
    await userEvent.click(trigger);
    await userEvent.keyboard('{Escape}');
    // Escape closes the list, not the dialog around it.
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(trigger);
    await userEvent.click(
      within(canvas.getByRole('listbox')).getByRole('option', { name: 'Kadena (KDA)' }),
    );
    await expect(trigger).toHaveTextContent('Kadena (KDA)');
    await expect(canvas.getByRole('dialog')).toBeInTheDocument();
  },
};

export const Dark: Story = { ...Open, globals: { theme: 'dark' } };

export const Korean: Story = {
  globals: { locale: 'ko' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox')).toHaveTextContent('선택하세요');
  },
};

export const Narrow: Story = {
  ...LongText,
  globals: { viewport: { value: 'phone', isRotated: false } },
};
