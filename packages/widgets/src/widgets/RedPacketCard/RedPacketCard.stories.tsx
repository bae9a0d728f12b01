import { COINS } from '@poolkit/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FIXED_NOW } from '../../lib/fixtures';
import { RedPacketCard, type RedPacketCardOffer, type RedPacketCardPacket } from './RedPacketCard';

const DAY = 86_400_000;
const inactive: RedPacketCardPacket = {
  name: 'Spring Festival hashrate gift',
  hashrate: 10e12,
  duration_days: 7,
  activation_deadline: new Date(FIXED_NOW + 3 * DAY).toISOString(),
  status: 'inactive',
  activated_at: null,
  ends_at: null,
  total_profit: '0',
};
const activated: RedPacketCardPacket = {
  ...inactive,
  status: 'activated',
  activated_at: new Date(FIXED_NOW - 2 * DAY).toISOString(),
  ends_at: new Date(FIXED_NOW + 5 * DAY).toISOString(),
  total_profit: '0.00001234567',
};

const offer: RedPacketCardOffer = {
  name: 'Spring Festival hashrate gift',
  hashrate: 10e12,
  duration_days: 7,
  remaining: 8,
  ends_at: new Date(FIXED_NOW + 3 * DAY).toISOString(),
  received: false,
  open: true,
};

const meta = {
  title: 'Widgets/RedPacketCard',
  component: RedPacketCard,
  args: {
    packet: inactive,
    coin: COINS.btc,
    now: FIXED_NOW,
    timezone: 'UTC+08:00',
    onActivate: fn(),
  },
  decorators: [(Story) => <div style={{ maxWidth: 420 }}>{Story()}</div>],
} satisfies Meta<typeof RedPacketCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Inactive: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Not activated')).toHaveAttribute('data-tone', 'warning');
    await expect(canvas.getByText('10.00 TH/s')).toBeInTheDocument();
    await expect(canvas.getByText('Activate by: 2025-03-17 20:00')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Activate' }));
    await expect(args.onActivate).toHaveBeenCalledTimes(1);
  },
};

export const Activating: Story = {
  args: { activating: true },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Activate' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await expect(args.onActivate).not.toHaveBeenCalled();
  },
};

export const Activated: Story = {
  args: { packet: activated },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Activated')).toHaveAttribute('data-tone', 'success');
    // Coin amounts are cut to the coin's display decimals, never rounded up.
    await expect(canvas.getByText('0.000012')).toBeInTheDocument();
    await expect(canvas.getByText('Earning until 2025-03-19 20:00')).toBeInTheDocument();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** Past its deadline and still inactive: shown as invalid before the server's job says so. */
export const InvalidByDeadline: Story = {
  args: { now: FIXED_NOW + 4 * DAY },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Invalid')).toHaveAttribute('data-tone', 'danger');
    await expect(canvas.queryByRole('button', { name: 'Activate' })).toBeNull();
  },
};

export const Expired: Story = { args: { packet: { ...activated, status: 'expired' } } };

export const Invalid: Story = {
  args: { packet: { ...inactive, status: 'invalid' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Invalid')).toHaveAttribute('data-tone', 'danger');
  },
};

export const LongName: Story = {
  args: {
    packet: {
      ...inactive,
      name: 'A very long red packet name given by a generous pool operator for the lunar new year',
    },
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveAttribute('aria-busy', 'true');
  },
};

export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16 }}>
      <RedPacketCard {...args} packet={inactive} />
      <RedPacketCard {...args} packet={activated} />
      <RedPacketCard {...args} packet={{ ...activated, status: 'expired' }} />
      <RedPacketCard {...args} packet={{ ...inactive, status: 'invalid' }} />
    </div>
  ),
};

/** A shared link, signed in: the receiving email is checked before it is sent. */
export const ReceiveOffer: Story = {
  args: { packet: undefined, offer, onReceive: fn() },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Packets left').nextElementSibling).toHaveTextContent('8');
    await expect(canvas.getByText('Activate by: 2025-03-17 20:00')).toBeInTheDocument();
    const email = canvas.getByLabelText('Receiving email');
    const receive = canvas.getByRole('button', { name: 'Receive' });
    await userEvent.click(receive);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Please enter email address');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(email, 'not-an-email');
    await expect(canvas.queryByRole('alert')).toBeNull();
    await userEvent.click(receive);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Please enter correct email address');
    await expect(args.onReceive).not.toHaveBeenCalled();
    await userEvent.clear(email);
    await userEvent.type(email, ' miner@example.com ');
    await userEvent.click(receive);
    await expect(args.onReceive).toHaveBeenCalledWith('miner@example.com');
  },
};

export const Receiving: Story = {
  args: { packet: undefined, offer, onReceive: fn(), receiving: true },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Receiving email'), 'miner@example.com');
    const receive = canvas.getByRole('button', { name: 'Receive' });
    await expect(receive).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(receive);
    await expect(args.onReceive).not.toHaveBeenCalled();
  },
};

/** The email is not the one bound to the account: said at the field until it is edited. */
export const ReceiveEmailMismatch: Story = {
  args: { packet: undefined, offer, onReceive: fn(), receiveError: 'emailMismatch' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const email = canvas.getByLabelText('Receiving email');
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'The email does not match the email bound to your account',
    );
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(/does not match/);
    await userEvent.type(email, 'a');
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** 40910: one of this campaign was received already (answered, or known from the offer). */
export const ReceiveAlreadyReceived: Story = {
  args: { packet: undefined, offer, onReceive: fn(), receiveError: 'alreadyReceived' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'You have already received a red packet of this campaign',
    );
    await expect(canvas.queryByRole('textbox')).toBeNull();
  },
};

/** 40911: every packet is taken. */
export const ReceiveAllTaken: Story = {
  args: { packet: undefined, offer, onReceive: fn(), receiveError: 'gone' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'All red packets have been received',
    );
  },
};

/** 40912: the campaign was disabled or its deadline passed. */
export const ReceiveClosed: Story = {
  args: { packet: undefined, offer, onReceive: fn(), receiveError: 'closed' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'This red packet campaign has ended',
    );
  },
};

/** The offer itself says it cannot be received: no form, the reason instead (not an alert). */
export const OfferTaken: Story = {
  args: { packet: undefined, offer: { ...offer, open: false, remaining: 0 }, onReceive: fn() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('All red packets have been received')).toBeInTheDocument();
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const OfferAlreadyReceived: Story = {
  args: { packet: undefined, offer: { ...offer, received: true }, onReceive: fn() },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('You have already received a red packet of this campaign'),
    ).toBeInTheDocument();
  },
};

/** A visitor: sign in or register, and come back to the packet. */
export const ReceiveSignedOut: Story = {
  args: {
    packet: undefined,
    offer,
    onReceive: fn(),
    signedIn: false,
    signInHref: '/login?redirect=%2Factivity%2Fred_packet%2Fabc',
    registerHref: '/register/email?redirect=%2Factivity%2Fred_packet%2Fabc',
    onNavigate: fn((_href: string, event: { preventDefault: () => void }) =>
      event.preventDefault(),
    ),
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByLabelText('Receiving email')).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Factivity%2Fred_packet%2Fabc',
    );
    await userEvent.click(canvas.getByRole('link', { name: 'Register' }));
    await expect(args.onNavigate).toHaveBeenCalledWith(
      '/register/email?redirect=%2Factivity%2Fred_packet%2Fabc',
      expect.anything(),
    );
  },
};

export const ReceiveChinese: Story = {
  ...ReceiveOffer,
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('button', { name: '领取' }),
    ).toBeInTheDocument();
  },
  globals: { locale: 'zh-CN' },
};

export const Dark: Story = { ...AllStates, globals: { theme: 'dark' } };
export const Narrow: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
export const Chinese: Story = { globals: { locale: 'zh-CN' } };
export const Russian: Story = { globals: { locale: 'ru' } };
export const Japanese: Story = { globals: { locale: 'ja' } };
export const Korean: Story = { globals: { locale: 'ko' } };
