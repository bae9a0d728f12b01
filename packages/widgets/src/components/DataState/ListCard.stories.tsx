import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ListCard } from './DataState';

const onExport = fn();

const meta = {
  title: 'Base/ListCard',
  component: ListCard,
  args: {
    title: 'Invitation rewards',
    children: <p>One page of rewards</p>,
    footer: <nav aria-label="Pages">1 2 3</nav>,
  },
} satisfies Meta<typeof ListCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Typical: Story = {
  args: {
    actions: (
      <button type="button" onClick={onExport}>
        Export
      </button>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 3 })).toHaveTextContent('Invitation rewards');
    await userEvent.click(canvas.getByRole('button', { name: 'Export' }));
    await expect(onExport).toHaveBeenCalledTimes(1);
    // The footer comes after the content.
    const content = canvas.getByText('One page of rewards');
    const footer = canvas.getByRole('navigation', { name: 'Pages' });
    await expect(content.compareDocumentPosition(footer)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  },
};

export const HeadingLevel: Story = {
  args: { headingLevel: 2 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Invitation rewards',
    );
  },
};

export const HiddenTitle: Story = {
  args: { hideTitle: true, 'aria-label': 'Invitation rewards', id: 'rewards' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The page's heading says it: no heading here, the section keeps its name and attributes.
    await expect(canvas.queryByRole('heading')).toBeNull();
    await expect(canvas.getByRole('region', { name: 'Invitation rewards' })).toHaveAttribute(
      'id',
      'rewards',
    );
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
