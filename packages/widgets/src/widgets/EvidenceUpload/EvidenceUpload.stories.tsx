import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { EvidenceUpload } from './EvidenceUpload';

const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'receipt.png', { type: 'image/png' });

/** An upload that reports halfway and then waits forever (the progress state). */
const neverEnding = (_files: readonly File[], onProgress: (fraction: number) => void) => {
  onProgress(0.5);
  return new Promise<void>(() => {});
};

const meta = {
  title: 'Widgets/EvidenceUpload',
  component: EvidenceUpload,
  args: {
    upload: fn(async (_files: readonly File[], _onProgress: (fraction: number) => void) => {}),
    onUploaded: fn(),
  },
  decorators: [(Story) => <div style={{ maxWidth: 480 }}>{Story()}</div>],
} satisfies Meta<typeof EvidenceUpload>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Upload' }));
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Please upload at least one document',
    );
    await expect(args.upload).not.toHaveBeenCalled();
  },
};

export const Chosen: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvasElement.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, png());
    await expect(canvas.getByRole('list', { name: 'Chosen files' })).toHaveTextContent(
      'receipt.png',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Upload complete'));
    await expect(args.upload).toHaveBeenCalledTimes(1);
    await expect(args.onUploaded).toHaveBeenCalledTimes(1);
  },
};

export const WrongType: Story = {
  play: async ({ canvasElement }) => {
    const input = canvasElement.querySelector('input[type="file"]') as HTMLInputElement;
    input.removeAttribute('accept');
    await userEvent.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'notes.txt is not an image or PDF',
    );
  },
};

export const Uploading: Story = {
  args: { upload: fn(neverEnding) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvasElement.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, png());
    await userEvent.click(canvas.getByRole('button', { name: 'Upload' }));
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-state="uploading"]')).not.toBeNull(),
    );
    await expect(canvas.getByText('Uploading… 50%')).toBeInTheDocument();
  },
};

export const Failed: Story = {
  args: {
    upload: fn(async (_files: readonly File[], _onProgress: (fraction: number) => void) =>
      Promise.reject(new Error('network')),
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvasElement.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, png());
    await userEvent.click(canvas.getByRole('button', { name: 'Upload' }));
    await waitFor(() =>
      expect(canvas.getByRole('alert')).toHaveTextContent('Upload failed, please try again'),
    );
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
};

export const Disabled: Story = { args: { disabled: true } };
