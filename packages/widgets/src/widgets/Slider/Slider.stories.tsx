import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { playNothingRendered } from '../../lib/storyStates';
import { Slider } from './Slider';

/** A 1200 × 400 picture of one colour with a word on it, as a data URL (no network). */
function picture(colour: string, word: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400"><rect width="1200" height="400" fill="${colour}"/><text x="600" y="220" font-size="72" text-anchor="middle" fill="#fff" font-family="sans-serif">${word}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const SLIDES = [
  {
    id: '1',
    title: 'Mine KAS to your wallet address',
    image_url: picture('#0b5cab', 'KAS'),
    link_url: '/mining/kas/dashboard',
  },
  {
    id: '2',
    title: 'Find your next miner in the catalogue',
    image_url: picture('#1a7f37', 'Miners'),
    link_url: '/miners',
  },
  {
    id: '3',
    title: 'PPS+ payouts every day',
    image_url: picture('#8250df', 'PPS+'),
    link_url: null,
  },
];

const meta = {
  title: 'Widgets/Slider',
  component: Slider,
  args: {
    slides: SLIDES,
    intervalMs: 400,
    renderLink: ({ href, className, children }) => (
      <a href={`#${href}`} className={className}>
        {children}
      </a>
    ),
  },
} satisfies Meta<typeof Slider>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The slide shown: the group that is not hidden. */
function shown(canvasElement: HTMLElement): HTMLElement {
  const slide = canvasElement.querySelector<HTMLElement>('[role="group"][data-current="true"]');
  if (slide === null) throw new Error('no slide shown');
  return slide;
}

/** Three slides: they move by themselves; keys, buttons and dots move them; pause holds them. */
export const Many: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const carousel = canvas.getByRole('region', { name: 'Highlights' });
    await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    await expect(shown(canvasElement)).toHaveAccessibleName('1 of 3');
    await waitFor(() => expect(shown(canvasElement)).toHaveAccessibleName('2 of 3'));
    // Paused, it stays.
    await userEvent.click(canvas.getByRole('button', { name: 'Pause slides' }));
    const paused = shown(canvasElement).getAttribute('aria-label');
    await new Promise((resolve) => setTimeout(resolve, 900));
    await expect(shown(canvasElement)).toHaveAttribute('aria-label', paused);
    await expect(canvas.getByRole('button', { name: 'Play slides' })).toBeInTheDocument();
    // A dot goes to its slide; the arrow keys move from there.
    await userEvent.click(
      canvas.getByRole('button', { name: 'Go to slide 3: PPS+ payouts every day' }),
    );
    await expect(shown(canvasElement)).toHaveAccessibleName('3 of 3');
    await expect(
      canvas.getByRole('button', { name: 'Go to slide 3: PPS+ payouts every day' }),
    ).toHaveAttribute('aria-current', 'true');
    await userEvent.keyboard('{ArrowRight}');
    await expect(shown(canvasElement)).toHaveAccessibleName('1 of 3');
    await userEvent.keyboard('{ArrowLeft}');
    await expect(shown(canvasElement)).toHaveAccessibleName('3 of 3');
    await userEvent.keyboard('{Home}');
    await expect(shown(canvasElement)).toHaveAccessibleName('1 of 3');
    await userEvent.click(canvas.getByRole('button', { name: 'Next slide' }));
    await expect(shown(canvasElement)).toHaveAccessibleName('2 of 3');
    // Only the slide shown can be reached: its link, not the hidden ones'.
    await expect(canvas.getAllByRole('link')).toHaveLength(1);
    await expect(canvas.getByRole('link')).toHaveTextContent('Find your next miner');
  },
};

/** One slide: no controls. */
export const One: Story = {
  args: { slides: SLIDES.slice(0, 1) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link')).toHaveTextContent('Mine KAS');
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** No slides: nothing is rendered. */
export const Empty: Story = { args: { slides: [] }, play: playNothingRendered };

/** Under reduced motion it does not start by itself; play starts it on request. */
export const ReducedMotion: Story = {
  args: { reducedMotion: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await new Promise((resolve) => setTimeout(resolve, 900));
    await expect(shown(canvasElement)).toHaveAccessibleName('1 of 3');
    // Pressing play starts it even with the focus on the button (the pointer moves away).
    await userEvent.click(canvas.getByRole('button', { name: 'Play slides' }));
    await userEvent.unhover(canvas.getByRole('region'));
    await waitFor(() => expect(shown(canvasElement)).not.toHaveAccessibleName('1 of 3'));
  },
};

/** In Japanese: the carousel's labels follow the language. */
export const Japanese: Story = {
  globals: { locale: 'ja' },
  args: {
    autoplay: false,
    slides: [
      { ...SLIDES[0], title: 'ウォレットアドレスに KAS をマイニング' },
      { ...SLIDES[1], title: 'カタログで次のマイナーを探す' },
    ] as typeof SLIDES,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: '注目' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: '次のスライド' }));
    await expect(shown(canvasElement)).toHaveAccessibleName('2 / 2');
  },
};
