import { resolve } from 'node:path';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vite';
import dts from 'vite-plugin-dts';

const external = [
  /^react($|\/)/,
  /^react-dom($|\/)/,
  /^@poolkit\/core/,
  /^@visx\//,
  /^@floating-ui\//,
  /^@react-spring\//,
  /^i18next/,
  /^react-i18next/,
  /^@vanilla-extract\/recipes\/createRuntimeFn/,
];

export default defineConfig({
  plugins: [
    vanillaExtractPlugin(),
    dts({
      tsconfigPath: './tsconfig.json',
      include: ['src'],
      exclude: ['src/**/*.stories.tsx', 'src/**/*.test.ts', 'src/**/*.test.tsx'],
    }),
  ],
  resolve: { conditions: ['@poolkit/source'] },
  build: {
    target: 'es2022',
    sourcemap: true,
    cssCodeSplit: false,
    lib: {
      entry: { index: resolve(import.meta.dirname, 'src/index.ts') },
      formats: ['es'],
      cssFileName: 'style',
    },
    rollupOptions: { external },
  },
});
