import type {TestContext} from 'vitest'

/** What the reliability suite counts; counts-reporter.ts prints the totals of a run. */
export type CountName =
  | 'documents tried'
  | 'cassettes tried'
  | 'crashes survived'
  | 'fuzz cases'
  | 'concurrent operations'
  | 'hostile schemas tried'
  | 'costly inputs checked'
  | 'special files tried'
  | 'index states tried'
  | 'path values tried'
  | 'shared rows tried'
  | 'hostile names printed'
  | 'colliding keys tried'
  | 'references refused'
  | 'index files replaced'
  | 'host hooks tried'
  | 'oversized messages tried'
  | 'hostile report texts tried'
  | 'findability gates tried'
  | 'unseen operations named'

declare module 'vitest' {
  interface TaskMeta {
    reliabilityCounts?: Partial<Record<CountName, number>>
  }
}

/** Adds `n` to a count, on the test's own metadata, which vitest hands to reporters. */
export function tally(context: TestContext, name: CountName, n: number): void {
  const counts = (context.task.meta.reliabilityCounts ??= {})
  counts[name] = (counts[name] ?? 0) + n
}
