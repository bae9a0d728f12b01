import type { Language } from '@poolkit/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LanguageSwitcher } from './LanguageSwitcher';

function Controlled({ onValueChange }: { onValueChange: (language: Language) => void }) {
  const [language, setLanguage] = useState<Language>('en');
  return (
    <LanguageSwitcher
      value={language}
      onValueChange={(next) => {
        setLanguage(next);
        onValueChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Base/LanguageSwitcher',
  component: LanguageSwitcher,
  args: { value: 'en', onValueChange: fn() },
} satisfies Meta<typeof LanguageSwitcher>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Typical: Story = {
  render: (args) => <Controlled onValueChange={args.onValueChange} />,
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('combobox', { name: 'Language' });
    await expect(trigger).toHaveTextContent('English');
    await userEvent.click(trigger);
    const options = within(canvas.getByRole('listbox')).getAllByRole('option');
    await expect(options.map((option) => option.textContent)).toEqual([
      'English',
      '简体中文',
      'Русский',
      '日本語',
      '한국어',
    ]);
    await expect(options[3]?.querySelector('[lang]')).toHaveAttribute('lang', 'ja');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    await expect(args.onValueChange).toHaveBeenCalledWith('ja');
    await expect(trigger).toHaveTextContent('日本語');
  },
};

export const ControlledValueWins: Story = {
  args: { value: 'ko' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('combobox');
    await userEvent.click(trigger);
    await userEvent.click(
      within(canvas.getByRole('listbox')).getByRole('option', { name: 'Русский' }),
    );
    await expect(args.onValueChange).toHaveBeenCalledWith('ru');
    // Without the host changing `value`, the switcher keeps showing the current language.
    await expect(trigger).toHaveTextContent('한국어');
  },
};

export const Subset: Story = {
  args: { languages: ['en', 'zh-CN'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('combobox'));
    await expect(within(canvas.getByRole('listbox')).getAllByRole('option')).toHaveLength(2);
  },
};

export const Disabled: Story = { args: { disabled: true } };

export const Dark: Story = { globals: { theme: 'dark' } };

export const Japanese: Story = {
  args: { value: 'ja' },
  globals: { locale: 'ja' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox', { name: '言語' })).toHaveTextContent(
      '日本語',
    );
  },
};

export const Narrow: Story = {
  args: { value: 'zh-CN' },
  globals: { viewport: { value: 'phone', isRotated: false } },
};
