import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { HintText } from './HintText';

const meta = {
  title: 'Base/HintText',
  component: HintText,
  args: {
    children: 'BLAKE3',
    hint: 'Since DCP-0011; BLAKE-256 (14 rounds) before',
    label: 'About BLAKE3',
  },
  decorators: [
    (Story) => (
      <div style={{ padding: '64px 16px' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof HintText>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An algorithm's short name with its note: focus (or a tap) on the info button shows it. */
export const AlgorithmNote: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('BLAKE3')).toBeInTheDocument();
    await expect(canvas.queryByRole('tooltip')).toBeNull();
    const button = canvas.getByRole('button', { name: 'About BLAKE3' });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    const tooltip = await canvas.findByRole('tooltip');
    await expect(tooltip).toHaveTextContent('Since DCP-0011; BLAKE-256 (14 rounds) before');
    await expect(button).toHaveAccessibleDescription(
      'Since DCP-0011; BLAKE-256 (14 rounds) before',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('tooltip')).toBeNull());
  },
};

/** Without a hint there is nothing to open: the text alone. */
export const WithoutHint: Story = {
  args: { children: 'SHA-256d', hint: null, label: 'About SHA-256d' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('SHA-256d')).toBeInTheDocument();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** In a table row: the button does not make the row taller than its neighbours. */
export const InTable: Story = {
  render: (args) => (
    <table>
      <tbody>
        <tr data-testid="with">
          <td>DCR</td>
          <td>
            <HintText {...args} />
          </td>
        </tr>
        <tr data-testid="without">
          <td>BTC</td>
          <td>
            <HintText label="About SHA-256d">SHA-256d</HintText>
          </td>
        </tr>
      </tbody>
    </table>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const withHint = canvas.getByTestId('with').getBoundingClientRect().height;
    const without = canvas.getByTestId('without').getBoundingClientRect().height;
    await expect(withHint).toBeLessThanOrEqual(without + 2);
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
export const Narrow: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
