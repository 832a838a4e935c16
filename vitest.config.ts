import {availableParallelism} from 'node:os'

import {defineConfig} from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most files wait on child processes (the CLI, servers): vitest's default, cores less one, leaves a core of two idle.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
})
