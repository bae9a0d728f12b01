import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Tab, TabList, TabPanel, Tabs } from './Tabs';

const meta = {
  title: 'Base/Tabs',
  component: Tabs,
  args: { defaultValue: 'hashrate', onValueChange: fn(), children: null },
  render: (args) => (
    <Tabs {...args}>
      <TabList aria-label="Miner statistics">
        <Tab value="hashrate">Hashrate</Tab>
        <Tab value="workers">Workers</Tab>
        <Tab value="blocks" disabled>
          Blocks
        </Tab>
        <Tab value="payments">Payments</Tab>
      </TabList>
      <TabPanel value="hashrate">Hashrate chart for the last 24 hours.</TabPanel>
      <TabPanel value="workers">Worker table.</TabPanel>
      <TabPanel value="blocks">Blocks found.</TabPanel>
      <TabPanel value="payments">Payment history.</TabPanel>
    </Tabs>
  ),
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Typical: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('tablist', { name: 'Miner statistics' });
    const tabs = within(list).getAllByRole('tab');
    await expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    await expect(tabs[0]).toHaveAttribute('tabindex', '0');
    await expect(tabs[1]).toHaveAttribute('tabindex', '-1');
    const panel = canvas.getByRole('tabpanel', { name: 'Hashrate' });
    await expect(tabs[0]).toHaveAttribute('aria-controls', panel.id);

    await userEvent.tab();
    await expect(tabs[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(tabs[1]).toHaveFocus();
    await expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    await expect(tabs[1]).toHaveAttribute('data-state', 'active');
    await expect(tabs[0]).toHaveAttribute('aria-selected', 'false');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('workers');
    await expect(canvas.getByRole('tabpanel', { name: 'Workers' })).toHaveTextContent(
      'Worker table.',
    );

    // The disabled tab is skipped; the arrows wrap around.
    await userEvent.keyboard('{ArrowRight}');
    await expect(tabs[3]).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(tabs[0]).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect(tabs[3]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Home}');
    await expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    // Tab moves into the panel, not along the tabs.
    await userEvent.tab();
    await expect(canvas.getByRole('tabpanel')).toHaveFocus();
  },
};

export const ManualActivation: Story = {
  args: { activationMode: 'manual' },
  play: async ({ canvasElement }) => {
    const tabs = within(canvasElement).getAllByRole('tab');
    await userEvent.click(tabs[0] as HTMLElement);
    await userEvent.keyboard('{ArrowRight}');
    await expect(tabs[1]).toHaveFocus();
    await expect(tabs[1]).toHaveAttribute('aria-selected', 'false');
    await userEvent.keyboard('{Enter}');
    await expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
  },
};

export const Vertical: Story = {
  args: { orientation: 'vertical' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tablist')).toHaveAttribute('aria-orientation', 'vertical');
    const tabs = canvas.getAllByRole('tab');
    await userEvent.click(tabs[0] as HTMLElement);
    await userEvent.keyboard('{ArrowDown}');
    await expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };

export const Narrow: Story = {
  render: (args) => (
    <Tabs {...args} defaultValue="t1">
      <TabList aria-label="Account">
        {['Overview', 'Workers and groups', 'Earnings', 'Payments', 'Settings', 'Observers'].map(
          (label, index) => (
            <Tab key={label} value={`t${index + 1}`}>
              {label}
            </Tab>
          ),
        )}
      </TabList>
      <TabPanel value="t1">Overview.</TabPanel>
    </Tabs>
  ),
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('tablist');
    await expect(list.scrollWidth).toBeGreaterThan(list.clientWidth);
  },
};
