import { defineConfig } from 'vitest/config';

const sourceCondition = { resolve: { conditions: ['@poolkit/source'] } };

export default defineConfig({
  test: {
    projects: [
      {
        ...sourceCondition,
        test: {
          name: 'core',
          environment: 'node',
          include: ['packages/core/src/**/*.test.ts'],
          typecheck: { enabled: true, include: ['packages/core/src/**/*.test-d.ts'] },
        },
      },
    ],
  },
});
