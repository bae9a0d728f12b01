import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { FormField } from '../FormField/FormField';
import { Combobox, type ComboboxOption } from './Combobox';

const coins: ComboboxOption[] = [
  'BTC',
  'LTC',
  'DOGE',
  'ETC',
  'KAS',
  'KDA',
  'RVN',
  'ZEC',
  'DASH',
  'ALEO',
  'CKB',
  'ERG',
].map((coin) => ({ value: coin.toLowerCase(), label: coin }));

const meta = {
  title: 'Base/Combobox',
  component: Combobox,
  args: { options: coins, onValueChange: fn(), onInputValueChange: fn() },
  render: (args) => (
    <div style={{ maxWidth: 320 }}>
      <FormField label="Coin" hint="Type to filter.">
        <Combobox {...args} />
      </FormField>
    </div>
  ),
} satisfies Meta<typeof Combobox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Typical: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox', { name: 'Coin' });
    await expect(input).toHaveAttribute('aria-autocomplete', 'list');
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(input).toHaveAccessibleDescription('Type to filter.');

    await userEvent.type(input, 'k');
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    const listbox = canvas.getByRole('listbox', { name: 'Coin' });
    await expect(input).toHaveAttribute('aria-controls', listbox.id);
    const options = within(listbox).getAllByRole('option');
    await expect(options.map((option) => option.textContent)).toEqual(['KAS', 'KDA', 'CKB']);
    await expect(input).toHaveAttribute('aria-activedescendant', options[0]?.id);
    await userEvent.keyboard('{ArrowDown}');
    await expect(input).toHaveAttribute('aria-activedescendant', options[1]?.id);
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    await expect(input).toHaveAttribute('aria-activedescendant', options[2]?.id);
    await userEvent.keyboard('{Enter}');
    await expect(args.onValueChange).toHaveBeenCalledWith('ckb');
    await expect(input).toHaveValue('CKB');
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(input).not.toHaveAttribute('aria-activedescendant');
    await expect(input).toHaveFocus();

    // Reopening offers every option, with the chosen one selected.
    await userEvent.keyboard('{ArrowDown}');
    const all = within(canvas.getByRole('listbox')).getAllByRole('option');
    await expect(all).toHaveLength(12);
    await expect(
      within(canvas.getByRole('listbox')).getByRole('option', { name: 'CKB' }),
    ).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Escape}');
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(input).toHaveValue('CKB');
    // Escape on a closed field clears it.
    await userEvent.keyboard('{Escape}');
    await expect(input).toHaveValue('');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(null);
  },
};

export const NoResults: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox', { name: 'Coin' });
    await userEvent.type(input, 'xyz');
    await expect(within(canvas.getByRole('listbox')).getByRole('option')).toHaveTextContent(
      'No results',
    );
    await expect(input).not.toHaveAttribute('aria-activedescendant');
    await userEvent.keyboard('{Enter}');
    await expect(input).toHaveValue('xyz');
    // Leaving the field restores the chosen text (none here).
    await userEvent.tab();
    await expect(input).toHaveValue('');
  },
};

export const MouseAndClear: Story = {
  args: { defaultValue: 'btc' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox', { name: 'Coin' });
    await expect(input).toHaveValue('BTC');
    await userEvent.click(input);
    await userEvent.click(
      within(canvas.getByRole('listbox')).getByRole('option', { name: 'DOGE' }),
    );
    await expect(input).toHaveValue('DOGE');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('doge');
    await userEvent.click(canvas.getByRole('button', { name: 'Clear' }));
    await expect(input).toHaveValue('');
    await expect(input).toHaveFocus();
    await expect(args.onValueChange).toHaveBeenLastCalledWith(null);
    await userEvent.click(canvasElement.ownerDocument.body);
    await waitFor(() => expect(canvas.queryByRole('listbox')).toBeNull());
  },
};

export const Loading: Story = {
  args: { options: [], loading: true, filter: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('combobox'), 'bc1');
    await expect(within(canvas.getByRole('listbox')).getByRole('option')).toHaveTextContent(
      'Loading…',
    );
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'ltc' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('combobox')).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: 'Clear' })).toBeNull();
  },
};

export const Invalid: Story = {
  render: (args) => (
    <div style={{ maxWidth: 320 }}>
      <FormField label="Coin" error="Choose a coin">
        <Combobox {...args} />
      </FormField>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

export const Dark: Story = { args: { defaultValue: 'kas' }, globals: { theme: 'dark' } };

export const Japanese: Story = {
  globals: { locale: 'ja' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox');
    await expect(input).toHaveAttribute('placeholder', '検索…');
    await userEvent.type(input, 'q');
    await expect(within(canvas.getByRole('listbox')).getByRole('option')).toHaveTextContent(
      '該当する項目がありません',
    );
  },
};

export const Narrow: Story = {
  args: {
    options: [
      { value: 'a', label: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh (main wallet)' },
      { value: 'b', label: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy (exchange deposit address)' },
    ],
  },
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('combobox'));
    const listbox = canvas.getByRole('listbox');
    await waitFor(() => expect(listbox.getBoundingClientRect().right).toBeLessThanOrEqual(375));
  },
};
