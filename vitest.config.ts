import {defineConfig} from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most files wait on child processes (the CLI, servers): two at once keep two cores busy, where vitest's default (cores less one) leaves one idle.
    maxWorkers: 2,
  },
})
