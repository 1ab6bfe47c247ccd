import { defineConfig } from 'vitest/config';

// One vitest run covers every package and app; tests sit beside the code they test.
export default defineConfig({
  test: {
    globals: true,
    environment: 'jsdom',
    include: ['scripts/**/*.test.ts', 'packages/*/src/**/*.test.{ts,tsx}', 'shell/src/**/*.test.{ts,tsx}', 'mfe-*/src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
  },
});
