import type { Decorator } from '@storybook/react-vite';
import { PoolKitThemeProvider } from '../packages/widgets/src/theme/PoolKitThemeProvider';

/** Wraps every story in the PoolKit theme chosen in the toolbar (or by a story's globals). */
export const withTheme: Decorator = (Story, context) => {
  const mode = context.globals.theme === 'dark' ? 'dark' : 'light';
  return (
    <PoolKitThemeProvider mode={mode}>
      <Story />
    </PoolKitThemeProvider>
  );
};
