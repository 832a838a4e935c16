import type {Reporter, TestModule} from 'vitest/node'

import type {CountName} from './counts.js'

/**
 * Prints the totals the reliability tests tallied (counts.ts) once the run ends:
 * `vitest run test/reliability --reporter=default --reporter=./test/reliability/counts-reporter.ts`.
 * Vitest loads a reporter given by path through its default export only.
 */
export default class CountsReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const totals = new Map<CountName, number>()
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        for (const [name, n] of Object.entries(test.meta().reliabilityCounts ?? {})) totals.set(name as CountName, (totals.get(name as CountName) ?? 0) + n)
      }
    }
    const lines = [...totals].sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, n]) => `  ${name}: ${n}`)
    process.stdout.write(`\nreliability counts\n${lines.length === 0 ? '  (none)' : lines.join('\n')}\n`)
  }
}
