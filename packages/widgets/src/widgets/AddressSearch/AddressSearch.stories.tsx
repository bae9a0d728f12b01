import type { RecentSearch } from '@poolkit/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AddressSearch } from './AddressSearch';

const KAS = 'kaspa:qr0lr4ml9fn3chekrqmjdkergxl93l4wrk3dankcgvjq776s9wn9jkdskewva';
const ALPH = '1DrDyTr9RpRsQnDnXo2YRiPzPW4ooHX5LLoqXrqfMrpQH';
const pools = [
  { value: 'kas', label: 'KAS' },
  { value: 'alph', label: 'ALPH' },
  { value: 'aleo', label: 'ALEO' },
  { value: 'zeph', label: 'ZEPH' },
  { value: 'sumo', label: 'SUMO' },
];
const eleven: RecentSearch[] = Array.from({ length: 10 }, (_, index) => ({
  pool: 'alph',
  addr: `${ALPH.slice(0, -2)}${String.fromCharCode(65 + index)}${String.fromCharCode(66 + index)}`,
}));

const meta = {
  title: 'Widgets/AddressSearch',
  component: AddressSearch,
  args: { pools, onSearch: fn(), onRecentChange: fn() },
} satisfies Meta<typeof AddressSearch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Typical: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('searchbox', { name: 'Mining address' });
    await userEvent.type(input, `  ${KAS} `);
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await expect(args.onSearch).toHaveBeenCalledWith({ pool: 'kas', addr: KAS });
    await expect(args.onRecentChange).toHaveBeenLastCalledWith([{ pool: 'kas', addr: KAS }]);
    await expect(canvas.getByRole('list', { name: 'Recent searches' })).toHaveTextContent(KAS);
  },
};

export const WrongAddress: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await expect(canvas.getByRole('alert')).toHaveTextContent('Please enter the mining address');
    await userEvent.type(canvas.getByRole('searchbox'), 'not-an-address');
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('alert')).toHaveTextContent('The address is wrong');
    await expect(canvas.getByRole('searchbox')).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSearch).not.toHaveBeenCalled();
  },
};

/** Ten searches already: a new one goes first and the oldest falls off (at most 10). */
export const FullHistory: Story = {
  args: { defaultRecent: eleven, defaultPool: 'kas' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('listitem')).toHaveLength(10);
    await userEvent.type(canvas.getByRole('searchbox'), KAS);
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    const items = canvas.getAllByRole('listitem');
    await expect(items).toHaveLength(10);
    await expect(items[0]).toHaveTextContent(KAS);
    await expect(canvas.queryByText(eleven[9]?.addr ?? '')).toBeNull();
    // A recent search runs again, and can be forgotten.
    await userEvent.click(
      canvas.getByRole('button', { name: `Search again ALPH ${eleven[0]?.addr}` }),
    );
    await expect(args.onSearch).toHaveBeenLastCalledWith(eleven[0]);
    await userEvent.click(
      canvas.getByRole('button', { name: `Remove ${KAS} from recent searches` }),
    );
    await expect(canvas.queryByText(KAS, { selector: 'li *' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Clear' }));
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

export const WithRecent: Story = { args: { defaultRecent: eleven.slice(0, 4) } };

export const Dark: Story = {
  args: { defaultRecent: eleven.slice(0, 3) },
  globals: { theme: 'dark' },
};
export const Narrow: Story = {
  args: { defaultRecent: eleven.slice(0, 3) },
  globals: { viewport: { value: 'phone', isRotated: false } },
};
export const Chinese: Story = { globals: { locale: 'zh-CN' } };
export const Russian: Story = { globals: { locale: 'ru' } };
export const Japanese: Story = { globals: { locale: 'ja' } };
export const Korean: Story = { globals: { locale: 'ko' } };
