import {readFileSync, readdirSync} from 'node:fs'
import {join, relative} from 'node:path'

import {describe, expect, it} from 'vitest'

import {PROJECT_ROOT} from '../helpers/cli.js'

// docs/search.md and docs/mcp.md are checked by their own tests.
const DOCS = ['README.md', ...readdirSync(join(PROJECT_ROOT, 'docs')).filter((name) => name.endsWith('.md') && !['search.md', 'mcp.md'].includes(name)).map((name) => `docs/${name}`)]

/**
 * TEMPORARY: samples not yet cut from a file under examples/, by document and first line.
 * Each is to become an excerpt of an example the tests run; the test fails once one is.
 */
const NOT_YET: ReadonlyArray<readonly [string, string]> = [
  ['docs/execute.md', 'interface Executor {'],
]

/** The lines of text, trimmed, without blank ones: so an indented excerpt compares equal. */
function codeLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
}

function examples(directory: string): string[] {
  return readdirSync(directory, {withFileTypes: true}).flatMap((entry) => {
    const path = join(directory, entry.name)
    if (entry.isDirectory()) return examples(path)
    return /\.(mjs|js|ts)$/.test(entry.name) ? [path] : []
  })
}

const EXAMPLES = examples(join(PROJECT_ROOT, 'examples')).map((path) => ({file: relative(PROJECT_ROOT, path), lines: codeLines(readFileSync(path, 'utf8'))}))

/** True when every line of `sample` is in `file`, in order. */
function isExcerpt(sample: readonly string[], file: readonly string[]): boolean {
  let at = 0
  for (const line of sample) {
    at = file.indexOf(line, at)
    if (at === -1) return false
    at++
  }
  return true
}

const SAMPLES = DOCS.flatMap((doc) =>
  [...readFileSync(join(PROJECT_ROOT, doc), 'utf8').matchAll(/^```(?:js|ts)\n([\s\S]*?)^```/gm)].map((match) => ({doc, lines: codeLines(match[1]!)})),
)

describe('code samples in README.md and docs/', () => {
  it.each(SAMPLES.filter(({doc, lines}) => !NOT_YET.some(([notYet, first]) => notYet === doc && lines[0] === first)).map(({doc, lines}) => ({doc, first: lines[0], lines})))(
    '$doc: "$first" is cut from a file under examples/',
    ({lines}) => {
      expect(EXAMPLES.filter((example) => isExcerpt(lines, example.lines)).map((example) => example.file)).not.toEqual([])
    },
  )

  it('lists in NOT_YET only samples that exist and are not yet cut from an example', () => {
    for (const [doc, first] of NOT_YET) {
      const sample = SAMPLES.find((candidate) => candidate.doc === doc && candidate.lines[0] === first)
      expect(sample, `${doc}: ${first}`).toBeDefined()
      expect(EXAMPLES.some((example) => isExcerpt(sample!.lines, example.lines)), `${doc}: ${first}`).toBe(false)
    }
  })
})
