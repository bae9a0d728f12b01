import type { Language } from '@poolkit/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { UnreadBadge } from '../../widgets/UnreadBadge/UnreadBadge';
import { AmountText } from '../AmountText/AmountText';
import { Button } from '../Button/Button';
import { LanguageSwitcher } from '../LanguageSwitcher/LanguageSwitcher';
import { Pagination } from '../Pagination/Pagination';
import { useToast } from '../Toast/Toast';
import { PoolKitProvider } from './PoolKitProvider';

function Demo() {
  const toast = useToast();
  return (
    <div style={{ display: 'grid', gap: 16, padding: 16 }}>
      <AmountText value="0.01234567" unit="BTC" size="lg" />
      <Pagination total={125} />
      <div>
        <Button onClick={() => toast.show({ tone: 'success', description: 'OK' })}>Toast</Button>
      </div>
    </div>
  );
}

const meta = {
  title: 'Base/PoolKitProvider',
  component: PoolKitProvider,
  args: { children: <Demo /> },
} satisfies Meta<typeof PoolKitProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Toast' }));
    const region = canvas.getAllByRole('region', { name: 'Notifications' }).at(-1) as HTMLElement;
    await expect(await within(region).findByRole('status')).toHaveTextContent('OK');
  },
};

export const Japanese: Story = {
  args: { language: 'ja', fallback: <p>Loading…</p> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Japanese is a chunk of its own: the provider shows `fallback` until it is in, never English.
    await expect(await canvas.findByRole('navigation', { name: 'ページ送り' })).toBeInTheDocument();
    await expect(canvas.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    await expect(canvas.getByRole('button', { name: '金額を隠す' })).toBeInTheDocument();
    await expect(canvas.getByText('全 125 件').closest('[lang]')).toHaveAttribute('lang', 'ja');
  },
};

export const DarkKorean: Story = {
  args: { language: 'ko', mode: 'dark' },
  play: async ({ canvasElement }) => {
    const nav = await within(canvasElement).findByRole('navigation', { name: '페이지 이동' });
    await expect(nav.closest('[data-theme]')).toHaveAttribute('data-theme', 'dark');
  },
};

function Switching() {
  const [language, setLanguage] = useState<Language>('en');
  return (
    <PoolKitProvider language={language}>
      <div style={{ padding: 16 }}>
        <LanguageSwitcher value={language} onValueChange={setLanguage} />
      </div>
      <Demo />
    </PoolKitProvider>
  );
}

export const LanguageFollowsProp: Story = {
  render: () => <Switching />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('combobox', { name: 'Language' }));
    await userEvent.click(
      within(canvas.getByRole('listbox')).getByRole('option', { name: 'Русский' }),
    );
    await waitFor(() =>
      expect(canvas.getByRole('navigation', { name: 'Страницы' })).toBeInTheDocument(),
    );
    await expect(canvas.getByRole('combobox', { name: 'Язык' })).toHaveTextContent('Русский');
  },
};

/**
 * A widget whose texts sit in a feature group (`messages`) that the provider's English leaves
 * out: the widget brings that group's English itself.
 */
export const WidgetOfAFeatureGroup: Story = {
  args: { children: <UnreadBadge count={12} /> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('status', { name: '12 unread messages' }),
    ).toBeInTheDocument();
  },
};
