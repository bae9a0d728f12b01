import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { InvitationCard, type InvitationCardInvitation } from './InvitationCard';

const invitation: InvitationCardInvitation = {
  code: '9UPFF7MJ',
  link: 'https://pool.example/register/email?invite_code=9UPFF7MJ',
  reward_percent: '0.2',
  invitee_count: 3,
  rewards: [
    { coin: 'btc', amount: '0.00024691' },
    { coin: 'ltc', amount: '0.0125' },
  ],
};

const meta = {
  title: 'Widgets/InvitationCard',
  component: InvitationCard,
  args: { invitation },
  decorators: [(Story) => <div style={{ maxWidth: 560 }}>{Story()}</div>],
} satisfies Meta<typeof InvitationCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Typical: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: 'Invitation link QR code' })).toBeInTheDocument();
    await expect(canvas.getByText('9UPFF7MJ')).toBeInTheDocument();
    await expect(canvas.getByText('0.2%')).toBeInTheDocument();
    await expect(canvas.getByText('0.00024691 BTC · 0.0125 LTC')).toBeInTheDocument();
  },
};

/** A new user: nobody invited yet, nothing paid. */
export const NoInviteesYet: Story = {
  args: { invitation: { ...invitation, invitee_count: 0, rewards: [] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Invited users').nextElementSibling).toHaveTextContent('0');
  },
};

export const CopyLink: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy link' }));
    // Copied, or refused by a browser without clipboard permission: either is announced.
    await expect(await canvas.findByText(/Link copied|Copy failed/)).toBeInTheDocument();
  },
};

export const CopyCode: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy code' }));
    await expect(await canvas.findByText(/Code copied|Copy failed/)).toBeInTheDocument();
  },
};

export const CustomLabels: Story = {
  args: { labels: { invitation: 'Bring a friend' }, headingLevel: 2 },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { level: 2, name: 'Bring a friend' }),
    ).toBeInTheDocument();
  },
};
