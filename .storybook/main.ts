import type { StorybookConfig } from '@storybook/react-vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

const config: StorybookConfig = {
  stories: ['../packages/widgets/src/**/*.mdx', '../packages/widgets/src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  typescript: { reactDocgen: 'react-docgen-typescript' },
  async viteFinal(viteConfig) {
    const { mergeConfig } = await import('vite');
    return mergeConfig(viteConfig, {
      plugins: [vanillaExtractPlugin()],
      resolve: { conditions: ['@poolkit/source'] },
      // Pre-bundled up front, so the first story test run does not reload mid-test when Vite
      // discovers them.
      optimizeDeps: {
        include: [
          'i18next',
          'react-i18next',
          '@floating-ui/react',
          '@vanilla-extract/recipes/createRuntimeFn',
          'zod',
        ],
      },
    });
  },
};

export default config;
