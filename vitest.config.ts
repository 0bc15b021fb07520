import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 600_000,
    // real-host suites spawn whole agent CLIs; two cores: keep files at two at a time
    maxWorkers: 2,
  },
});
