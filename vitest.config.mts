import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One vitest run covers every package and app; tests sit beside the code they test.
export default defineConfig({
  test: {
    globals: true,
    environment: 'jsdom',
    include: ['scripts/**/*.test.ts', 'packages/*/src/**/*.test.{ts,tsx}', 'shell/src/**/*.test.{ts,tsx}', 'mfe-*/src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    // Vitest's default leaves one core to its main process: one worker on the 2-core CI machine, where
    // the run took 7 minutes. The main process mostly waits; two workers keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
