import {execFile} from 'node:child_process'
import {readFile} from 'node:fs/promises'
import {promisify} from 'node:util'

import {describe, expect, it} from 'vitest'

import {PROJECT_ROOT} from '../helpers/cli.js'

// bench/retrieval/catalogues.ts as `npm run bench:catalogues` runs it: a row of well-formed
// figures for every catalogue and the pooled check, without and with keywords. Their values
// are never checked: a test is no benchmark.
describe('bench/retrieval/catalogues.ts', () => {
  it('prints Recall@1, Recall@5 and MRR for every catalogue and all of them pooled, with plain BM25 and the gap closed', async () => {
    const {stdout} = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'bench/retrieval/catalogues.ts'], {cwd: PROJECT_ROOT})
    const {catalogues} = JSON.parse(await readFile(new URL('../../tools/ranking/catalogue-queries.json', import.meta.url), 'utf8')) as {catalogues: Array<{name: string; queries: unknown[]}>}
    const lines = stdout.trim().split('\n')
    expect(lines[0]).toMatch(/^catalogue\s+ops\s+queries\s+R@1\s+R@5\s+MRR\s+bm25_R@5\s+bm25_MRR\s+gap_R@5\s+gap_MRR$/)
    const rows = [...catalogues, {name: 'pooled', queries: catalogues.flatMap((c) => c.queries)}]
    const expected = [...rows, ...rows.map((row) => ({...row, name: `${row.name}+keywords`}))]
    expect(lines.slice(1).map((line) => line.split(/\s+/)[0])).toEqual(expected.map((row) => row.name))
    for (const [i, line] of lines.slice(1).entries()) {
      const [, ops, queries, ...figures] = line.split(/\s+/)
      expect(Number(ops)).toBeGreaterThan(0)
      expect(Number(queries)).toBe(expected[i]!.queries.length)
      expect(figures).toHaveLength(7)
      // Recall and MRR lie in [0, 1]; a gap closed can be negative (worse than BM25), never above 1.
      for (const figure of figures.slice(0, 5)) expect(Number(figure)).toBeGreaterThanOrEqual(0)
      for (const figure of figures) expect(Number(figure)).toBeLessThanOrEqual(1)
      for (const figure of figures) expect(Number.isFinite(Number(figure))).toBe(true)
    }
  }, 300_000)
})
