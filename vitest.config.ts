import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const sharedSource = fileURLToPath(new URL('./packages/shared/src/index.ts', import.meta.url));
const serverGlobalSetup = fileURLToPath(
  new URL('./apps/server/src/test/global-setup.ts', import.meta.url),
);

/** One Vitest run over every workspace's unit and integration tests (not e2e). */
export default defineConfig({
  test: {
    // Two test files at a time on the two-core CI machine (Vitest's default is cores − 1): a
    // server test waits on its database about as long as it computes (ADR 058).
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias: { '@carevoice/shared': sharedSource } },
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias: { '@carevoice/shared': sharedSource } },
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // Migrated (and seeded) template databases each test app copies (ADR 058).
          globalSetup: [serverGlobalSetup],
          // A worker imports the app once for all its files, not once per file (ADR 058): the
          // server keeps no state between apps outside them, and no test mocks a module.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vite.config.ts',
    ],
  },
});
