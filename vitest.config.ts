import { defineConfig } from 'vitest/config';

// Files that crash one service process (SIGKILL) mid-work, or restart one with a setting Node reads
// once per process (NODE_EXTRA_CA_CERTS): only the per-service layout has such a process, so they
// run against a system started that way; so does the layout's own smoke test.
const PER_SERVICE_FILES = [
  'tests/e2e/per-service-layout.e2e.ts',
  'tests/e2e/files-crash.e2e.ts',
  'tests/e2e/notifications-crash.e2e.ts',
  'tests/e2e/drafts-model.e2e.ts',
  'tests/e2e/browser-push.e2e.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['libs/*/src/**/*.spec.ts', 'apps/*/src/**/*.spec.ts', 'deploy/src/**/*.spec.ts', 'bench/src/**/*.spec.ts'],
          environment: 'node',
          // PostgreSQL and NATS for the specs that use real ones: DATABASE_URL / NATS_URL, else started
          // embedded as npm start does, once for the run.
          globalSetup: ['libs/testing/src/unit-global-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          exclude: PER_SERVICE_FILES,
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['tests/e2e/bus-credentials.setup.ts'],
          // One system for the whole run; files run one after another so load tests measure cleanly.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'e2e-per-service',
          include: PER_SERVICE_FILES,
          environment: 'node',
          globalSetup: ['tests/e2e/per-service-setup.ts'],
          setupFiles: ['tests/e2e/bus-credentials.setup.ts'],
          fileParallelism: false,
          // After the e2e project, so the two systems never answer tests at the same time.
          sequence: { groupOrder: 2 },
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
