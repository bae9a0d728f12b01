import type { AccountBalance, ExchangeQuote } from '@poolkit/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  look,
  opened,
  playNoFunds,
  playNoPayPassword,
} from '../../lib/moneyDialog/moneyDialogStories';
import {
  ExchangeDialog,
  type ExchangeDialogRefusal,
  type ExchangeDialogRequest,
} from './ExchangeDialog';

const balances: AccountBalance[] = [
  { account: 'alice01', coin: 'btc', available: '1.25', frozen: '0', total: '1.25' },
  { account: 'alice01', coin: 'ltc', available: '40', frozen: '0', total: '40' },
  { account: 'aliceminer2', coin: 'doge', available: '5000', frozen: '0', total: '5000' },
  { account: 'aliceminer3', coin: 'btc', available: '0', frozen: '0', total: '0' },
];

/** The story's clock: the countdown reads it, a play function moves it. */
const clock = { now: Date.UTC(2026, 0, 1, 12) };

function quoteOf(request: ExchangeDialogRequest, seconds = 30): ExchangeQuote {
  return {
    quote_id: 'q1',
    account: request.account,
    from: request.from as ExchangeQuote['from'],
    to: request.to as ExchangeQuote['to'],
    amount_in: request.amount,
    amount_out: '99.5',
    rate: '1000',
    fee: '0.5',
    fee_percent: '0.5',
    expires_at: new Date(clock.now + seconds * 1000).toISOString(),
  };
}

const trigger = (
  <button type="button" style={{ font: 'inherit' }}>
    Open exchange
  </button>
);

const meta = {
  title: 'Widgets/ExchangeDialog',
  component: ExchangeDialog,
  args: {
    balances,
    coins: ['btc', 'ltc', 'doge', 'kas'],
    hasPayPassword: true,
    trigger,
    now: () => clock.now,
    onOpenChange: fn(),
    onSetPayPassword: fn(),
    onQuote: fn(
      async (request: ExchangeDialogRequest): Promise<ExchangeQuote | ExchangeDialogRefusal> =>
        quoteOf(request),
    ),
    onSubmit: fn(async (): Promise<ExchangeDialogRefusal | undefined> => undefined),
  },
  beforeEach: () => {
    clock.now = Date.UTC(2026, 0, 1, 12);
  },
} satisfies Meta<typeof ExchangeDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Quote, then exchange with the pay password: the dialog closes. */
export const Typical: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Open exchange' }));
    const dialog = await canvas.findByRole('dialog', { name: 'Exchange' });
    const body = within(dialog);
    await expect(body.getByRole('combobox', { name: 'Account' })).toHaveValue('alice01');
    // Accounts without a balance are not offered; the coin sold is not offered to buy.
    await expect(body.queryByRole('option', { name: 'aliceminer3' })).toBeNull();
    await expect(body.getByRole('combobox', { name: 'Sell' })).toHaveValue('btc');
    await expect(body.getByRole('combobox', { name: 'Buy' })).toHaveValue('ltc');
    await expect(
      within(body.getByRole('combobox', { name: 'Buy' })).queryByRole('option', { name: 'BTC' }),
    ).toBeNull();
    await expect(body.getByText('Available: 1.250000 BTC')).toBeInTheDocument();
    await userEvent.type(body.getByRole('textbox', { name: 'Amount to sell' }), '0.1');
    await expect(body.queryByLabelText('Pay password')).toBeNull();
    await userEvent.click(body.getByRole('button', { name: 'Get quote' }));
    await expect(args.onQuote).toHaveBeenCalledWith({
      account: 'alice01',
      from: 'btc',
      to: 'ltc',
      amount: '0.1',
    });
    const quote = await body.findByRole('region', { name: 'Quote' });
    await expect(within(quote).getByText('1 BTC = 1,000 LTC')).toBeInTheDocument();
    await expect(within(quote).getByText('Fee (0.5%)')).toBeInTheDocument();
    await expect(body.getByTestId('exchange-receive')).toHaveTextContent('99.500000 LTC');
    await expect(body.getByRole('timer')).toHaveTextContent('Price held for 30 s');
    await userEvent.type(body.getByLabelText('Pay password'), 'Pay123456');
    await userEvent.click(body.getByRole('button', { name: 'Exchange' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      quote: expect.objectContaining({ quote_id: 'q1' }),
      payPassword: 'Pay123456',
    });
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
  },
};

/** The countdown runs out: the quote is marked expired and the button asks for a new one. */
export const Expired: Story = {
  args: opened,
  play: async ({ args, canvasElement }) => {
    const dialog = await within(canvasElement).findByRole('dialog', { name: 'Exchange' });
    const body = within(dialog);
    await userEvent.type(body.getByRole('textbox', { name: 'Amount to sell' }), '0.1');
    await userEvent.click(body.getByRole('button', { name: 'Get quote' }));
    await expect(await body.findByRole('timer')).toHaveTextContent('Price held for 30 s');
    clock.now += 12_000;
    await waitFor(() => expect(body.getByRole('timer')).toHaveTextContent('Price held for 18 s'));
    clock.now += 18_000;
    await expect(
      await body.findByText('This quote has expired. Get a new one to go on.'),
    ).toBeInTheDocument();
    await expect(body.queryByRole('timer')).toBeNull();
    await expect(body.queryByRole('button', { name: 'Exchange' })).toBeNull();
    await userEvent.click(body.getByRole('button', { name: 'Get a new quote' }));
    await expect(args.onQuote).toHaveBeenCalledTimes(2);
    await expect(await body.findByRole('timer')).toHaveTextContent('Price held for 30 s');
    await expect(body.getByRole('button', { name: 'Exchange' })).toBeEnabled();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** The server finds the quote expired (or used): the quote is dropped, the message shown. */
export const RefusedQuote: Story = {
  args: {
    ...opened,
    onSubmit: fn(
      async (): Promise<ExchangeDialogRefusal | undefined> => ({
        field: 'quote',
        message: 'The quote has expired, please get a new one',
      }),
    ),
  },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement).findByRole('dialog', { name: 'Exchange' });
    const body = within(dialog);
    await userEvent.type(body.getByRole('textbox', { name: 'Amount to sell' }), '0.1');
    await userEvent.click(body.getByRole('button', { name: 'Get quote' }));
    await userEvent.type(await body.findByLabelText('Pay password'), 'Pay123456');
    await userEvent.click(body.getByRole('button', { name: 'Exchange' }));
    await expect(await body.findByRole('alert')).toHaveTextContent(
      'The quote has expired, please get a new one',
    );
    await expect(body.queryByRole('region', { name: 'Quote' })).toBeNull();
    await expect(body.getByRole('button', { name: 'Get quote' })).toBeInTheDocument();
  },
};

/** Every field checked before a quote or an exchange is asked for. */
export const Checks: Story = {
  args: opened,
  play: async ({ args, canvasElement }) => {
    const dialog = await within(canvasElement).findByRole('dialog', { name: 'Exchange' });
    const body = within(dialog);
    const amount = body.getByRole('textbox', { name: 'Amount to sell' });
    await userEvent.click(body.getByRole('button', { name: 'Get quote' }));
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(amount).toHaveAccessibleDescription('Please enter amount');
    await userEvent.type(amount, '2');
    await userEvent.click(body.getByRole('button', { name: 'Get quote' }));
    await expect(amount).toHaveAccessibleDescription('Amount cannot exceed 1.25');
    await expect(args.onQuote).not.toHaveBeenCalled();
    await userEvent.clear(amount);
    await userEvent.click(body.getByRole('button', { name: 'All' }));
    await expect(amount).toHaveValue('1.25');
    await userEvent.click(body.getByRole('button', { name: 'Get quote' }));
    await body.findByRole('timer');
    await userEvent.click(body.getByRole('button', { name: 'Exchange' }));
    await expect(body.getByLabelText('Pay password')).toHaveAccessibleDescription(
      'Please enter pay password',
    );
    await expect(args.onSubmit).not.toHaveBeenCalled();
    // A change of the request drops the quote.
    await userEvent.selectOptions(body.getByRole('combobox', { name: 'Buy' }), 'doge');
    await expect(body.queryByRole('timer')).toBeNull();
    await expect(body.getByRole('button', { name: 'Get quote' })).toBeInTheDocument();
  },
};

/** The host refuses the quote or the exchange: the message goes under the field it names. */
export const Refused: Story = {
  args: {
    ...opened,
    onSubmit: fn(
      async (): Promise<ExchangeDialogRefusal | undefined> => ({
        field: 'payPassword',
        message: 'The pay password is wrong (4 tries left)',
      }),
    ),
  },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement).findByRole('dialog', { name: 'Exchange' });
    const body = within(dialog);
    await userEvent.type(body.getByRole('textbox', { name: 'Amount to sell' }), '0.1');
    await userEvent.click(body.getByRole('button', { name: 'Get quote' }));
    await userEvent.type(await body.findByLabelText('Pay password'), 'Wrong1234');
    await userEvent.click(body.getByRole('button', { name: 'Exchange' }));
    await expect(
      await body.findByText('The pay password is wrong (4 tries left)'),
    ).toBeInTheDocument();
    await expect(body.getByLabelText('Pay password')).toHaveAttribute('aria-invalid', 'true');
    // The quote stays: the corrected pay password goes with it.
    await expect(body.getByRole('timer')).toBeInTheDocument();
  },
};

export const QuoteRefused: Story = {
  args: {
    ...opened,
    onQuote: fn(
      async (_request: ExchangeDialogRequest): Promise<ExchangeQuote | ExchangeDialogRefusal> => ({
        field: 'amount',
        message: 'The amount is too small to exchange',
      }),
    ),
  },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement).findByRole('dialog', { name: 'Exchange' });
    const body = within(dialog);
    await userEvent.type(body.getByRole('textbox', { name: 'Amount to sell' }), '0.00000001');
    await userEvent.click(body.getByRole('button', { name: 'Get quote' }));
    await waitFor(() =>
      expect(body.getByRole('textbox', { name: 'Amount to sell' })).toHaveAccessibleDescription(
        'The amount is too small to exchange',
      ),
    );
  },
};

/** A failure without a field (the network) shows above the buttons. */
export const Failed: Story = {
  args: {
    ...opened,
    onQuote: fn(
      async (_request: ExchangeDialogRequest): Promise<ExchangeQuote | ExchangeDialogRefusal> => {
        throw new Error('Network error, please check your connection');
      },
    ),
  },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement).findByRole('dialog', { name: 'Exchange' });
    const body = within(dialog);
    await userEvent.type(body.getByRole('textbox', { name: 'Amount to sell' }), '0.1');
    await userEvent.click(body.getByRole('button', { name: 'Get quote' }));
    await expect(await body.findByRole('alert')).toHaveTextContent(
      'Network error, please check your connection',
    );
  },
};

export const NoPayPassword: Story = {
  args: { ...opened, hasPayPassword: false },
  play: playNoPayPassword('Exchange'),
};

export const NoFunds: Story = {
  args: { ...opened, balances: [] },
  play: playNoFunds(
    'Exchange',
    'Nothing to exchange yet: no account holds a balance.',
    'Get quote',
  ),
};

/** A quote on screen (for the screenshots and the languages). */
async function showQuote(canvasElement: HTMLElement) {
  const dialog = await within(canvasElement).findByRole('dialog');
  const body = within(dialog);
  await userEvent.type(body.getAllByRole('textbox')[0] as HTMLElement, '0.1');
  await userEvent.click(body.getAllByRole('button').at(-1) as HTMLElement);
  await body.findByRole('timer');
}

/** A long rate is shown with 8 significant digits (the quote keeps all of them). */
export const SmallRate: Story = {
  args: {
    ...opened,
    onQuote: fn(
      async (request: ExchangeDialogRequest): Promise<ExchangeQuote | ExchangeDialogRefusal> => ({
        ...quoteOf(request),
        to: 'btc',
        from: 'ltc',
        rate: '0.000142857142857142',
        amount_out: '0.00571428',
        fee: '0.00002871',
      }),
    ),
  },
  play: async ({ canvasElement }) => {
    await showQuote(canvasElement);
    const dialog = within(canvasElement).getByRole('dialog');
    await expect(within(dialog).getByText('1 LTC = 0.00014285714 BTC')).toBeInTheDocument();
    // Amounts keep every satoshi the quote has, not the display decimals' cut 0.005714.
    await expect(within(dialog).getByTestId('exchange-receive')).toHaveTextContent(
      '0.00571428 BTC',
    );
    await expect(within(dialog).getByText('Fee (0.5%)').nextElementSibling).toHaveTextContent(
      '0.00002871 BTC',
    );
  },
};

export const Open: Story = { args: opened };
export const Quoted: Story = {
  args: opened,
  play: async ({ canvasElement }) => showQuote(canvasElement),
};
const quoted = async ({ canvasElement }: { canvasElement: HTMLElement }) =>
  showQuote(canvasElement);
export const Dark: Story = look('Dark', quoted);
export const Narrow: Story = look('Narrow', quoted);
export const Chinese: Story = look('Chinese', quoted);
export const Russian: Story = look('Russian', quoted);
export const Japanese: Story = look('Japanese', quoted);
export const Korean: Story = look('Korean', quoted);
