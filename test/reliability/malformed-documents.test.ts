import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {performance} from 'node:perf_hooks'
import {setImmediate as yieldToEvents} from 'node:timers/promises'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {stringify} from 'yaml'

import {TamaError} from '../../src/core/errors/tama-error.js'
import {type TamaIndex, openIndex} from '../../src/core/host-index/index.js'
import {checkDocument, parseDocumentText} from '../../src/core/profile/index.js'
import {parseJson, runCli} from '../helpers/cli.js'
import {profileDocument} from '../helpers/documents.js'
import {tally} from './counts.js'
import {type Mutant, mutateDocument} from './document-mutations.js'
import {observe} from './index-snapshot.js'
import {reportedNear, unlocated} from './problem-pointers.js'
import {SEED, SOAK, scaled} from './soak.js'
import {SeededRandom} from './seeded-random.js'
import {type CorpusName, type SourceDocument, corpusDocument, projectDocuments} from './source-documents.js'

let dir: string
let sources: Array<{source: SourceDocument; count: number}>
let memory: TamaIndex
let file: TamaIndex

/** Every mutant, made afresh on each pass (each source from its own seed), so they are never all in memory at once. */
function* mutants(): Generator<Mutant> {
  for (const [position, {source, count}] of sources.entries()) yield* mutateDocument(source, count, new SeededRandom(SEED + position))
}

/** Mutants whose JSON text is small enough to write out and parse again many times. */
function* textMutants(): Generator<Mutant & {text: string}> {
  for (const mutant of mutants()) {
    if (!mutant.json) continue
    const text = JSON.stringify(mutant.document)
    if (text.length < 4 * 1024 * 1024) yield {...mutant, text}
  }
}

async function installBaseline(index: TamaIndex, project: readonly SourceDocument[]): Promise<void> {
  const named = (suffix: string) => project.find((source) => source.name.endsWith(suffix))!.document
  await index.load(named('examples/runtime.yaml'), {cassette: 'runtime'})
  await index.load(named('cassette/pets.yaml'), {cassette: 'pets'})
}

/** Why `error` is not the refusal a mutant must get; null when it is. */
function refusalProblem(mutant: Mutant, error: unknown): string | null {
  if (!(error instanceof TamaError)) return `not a TamaError: ${String(error)}`
  if (error.kind !== 'invalid_document') return `kind ${error.kind}: ${error.message}`
  if (error.problems.length === 0) return 'no problems listed'
  const lost = unlocated(mutant.document, error.problems)
  if (lost.length > 0) return `problems located nowhere: ${JSON.stringify(lost).slice(0, 300)}`
  return null
}

/** Parses the mutant written as text; the parser or the validator must refuse it, with located problems. */
function textProblem(mutant: Mutant, text: string, name: string): string | null {
  let parsed: unknown
  try {
    parsed = parseDocumentText(text, name)
  } catch (error) {
    return refusalProblem(mutant, error)
  }
  const {document, problems} = checkDocument(parsed, {source: name})
  if (document !== null) return 'the text validates'
  if (unlocated(parsed, problems).length > 0) return 'problems located nowhere'
  return reportedNear(problems, mutant.near) ? null : `no problem at ${mutant.near.join(' or ')}`
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-malformed-'))
  const project = await projectDocuments()
  // The corpus documents are large: the soak takes them all, fewer mutants from the largest.
  const corpus: Array<[CorpusName, number]> = SOAK ? [['incus', 150], ['stripe', 80], ['kubernetes', 80], ['github', 40]] : [['incus', 30]]
  sources = [
    ...project.map((source) => ({source, count: scaled(18, 120)})),
    ...(await Promise.all(corpus.map(async ([name, count]) => ({source: await corpusDocument(name), count})))),
  ]
  memory = openIndex({path: ':memory:'})
  file = openIndex({path: join(dir, 'index.sqlite3')})
  await installBaseline(memory, project)
  await installBaseline(file, project)
}, 120_000)

afterAll(() => {
  memory?.close()
  file?.close()
  rmSync(dir, {recursive: true, force: true})
})

describe('a malformed document', () => {
  it('is refused with invalid_document, each problem located, near the break, in bounded time, leaving the index as it was', async (context) => {
    const before = observe(memory)
    const failures: string[] = []
    let tried = 0
    for (const mutant of mutants()) {
      tried++
      // A long run must let vitest's own messages through.
      await yieldToEvents()
      const checked = checkDocument(mutant.document, {source: 'mutant'})
      const loaded = await memory.load(mutant.document, {cassette: 'runtime', source: 'mutant'}).then(
        () => new Error('loaded'),
        (error: unknown) => error,
      )
      const problem =
        checked.document !== null
          ? 'checkDocument found no problem'
          : !reportedNear(checked.problems, mutant.near)
            ? `no problem at ${mutant.near.join(' or ')}: ${JSON.stringify(checked.problems.slice(0, 3)).slice(0, 300)}`
            : (refusalProblem(mutant, loaded) ??
              (JSON.stringify((loaded as TamaError).problems) !== JSON.stringify(checked.problems) ? 'load lists other problems than checkDocument' : null))
      if (problem !== null) failures.push(`${mutant.name}: ${problem}`)
    }
    expect(failures).toEqual([])
    expect(observe(memory)).toEqual(before)
    expect(tried).toBeGreaterThanOrEqual(200)
    tally(context, 'documents tried', tried)
  }, 300_000)

  it('written as JSON or YAML text, is refused by the parser or the validator, each problem located', async () => {
    const failures: string[] = []
    let index = 0
    for (const mutant of textMutants()) {
      await yieldToEvents()
      const json = textProblem(mutant, mutant.text, 'mutant.json')
      if (json !== null) failures.push(`${mutant.name} (JSON): ${json}`)
      // YAML for a share of them: the same limits must hold whichever parser reads the text.
      if (index++ % 4 === 0 && mutant.text.length < 1024 * 1024) {
        const yaml = textProblem(mutant, stringify(mutant.document, {aliasDuplicateObjects: false}), 'mutant.yaml')
        if (yaml !== null) failures.push(`${mutant.name} (YAML): ${yaml}`)
      }
    }
    expect(failures).toEqual([])
  }, 300_000)

  it('is refused the same way by a file index, whose install runs in a worker thread', async () => {
    const before = observe(file)
    let index = 0
    for (const mutant of mutants()) {
      if (index++ % scaled(60, 20) !== 0) continue
      const error = await file.load(mutant.document, {cassette: 'runtime', source: 'mutant'}).catch((caught: unknown) => caught)
      expect(refusalProblem(mutant, error), mutant.name).toBeNull()
      expect((error as TamaError).problems).toEqual(checkDocument(mutant.document, {source: 'mutant'}).problems)
    }
    expect(observe(file)).toEqual(before)
  }, 300_000)

  it('written to files, makes `document validate` list problems for every file and exit 3, without crashing', async () => {
    const written: Array<Pick<Mutant, 'name' | 'document'>> = []
    const files: string[] = []
    let index = 0
    for (const mutant of textMutants()) {
      if (index++ % scaled(3, 1) !== 0) continue
      const path = join(dir, `mutant-${files.length}.json`)
      writeFileSync(path, mutant.text)
      written.push({name: mutant.name, document: mutant.document})
      files.push(path)
    }
    const result = await runCli(['document', 'validate', '--json', ...files], {timeoutMs: 240_000})
    expect(result.code, result.stderr).toBe(3)
    const report = parseJson<{files: Array<{file: string; valid: boolean; problems: Array<{pointer: string; message: string}>}>}>(result)
    expect(report.files.map((entry) => entry.file)).toEqual(files)
    for (const [index, entry] of report.files.entries()) {
      expect(entry.valid, written[index]!.name).toBe(false)
      expect(entry.problems.length, written[index]!.name).toBeGreaterThan(0)
      expect(unlocated(written[index]!.document, entry.problems), written[index]!.name).toEqual([])
    }
  }, 300_000)
})

describe('regressions: a document given as a value is held to the limits its text would be', () => {
  const deep = (depth: number): unknown => Array.from({length: depth}).reduce<unknown>((inner) => ({a: inner}), 'leaf')
  const cyclic = (): Record<string, unknown> => {
    const loop: Record<string, unknown> = {}
    loop.self = loop
    return loop
  }
  it.each([
    {given: 'NaN', value: () => Number.NaN, at: '/x-value', reason: /NaN, not a finite number/},
    {given: 'a function', value: () => () => 1, at: '/x-value', reason: /a function/},
    {given: 'a Date', value: () => new Date(0), at: '/x-value', reason: /not plain JSON data/},
    {given: 'a cycle', value: cyclic, at: '/x-value/self', reason: /circular/},
    {given: 'undefined in an array', value: () => [undefined], at: '/x-value/0', reason: /undefined/},
    {given: 'nesting 20,000 deep', value: () => deep(20_000), at: `/x-value${'/a'.repeat(127)}`, reason: /deeper than 128/},
    {given: 'nesting 200 deep', value: () => deep(200), at: `/x-value${'/a'.repeat(127)}`, reason: /deeper than 128/},
    {given: 'a 2 MiB string', value: () => 'x'.repeat(2 * 1024 * 1024), at: '/x-value', reason: /string of 2097152 characters/},
    {given: 'a 2 MiB key', value: () => ({['k'.repeat(2 * 1024 * 1024)]: 1}), at: '/x-value', reason: /key of 2097152 characters/},
  ])('$given is refused as invalid_document at its pointer, in memory and in a file index', async ({value, at, reason}) => {
    for (const index of [memory, file]) {
      const document = {...profileDocument('Regression', [{id: 'ping', scopes: []}]), 'x-value': value()}
      const error = await index.load(document, {cassette: 'regression', source: 'regression'}).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(TamaError)
      expect(error).toMatchObject({kind: 'invalid_document', problems: [{source: 'regression', pointer: at, message: expect.stringMatching(reason)}]})
      expect(index.cassettes().map((cassette) => cassette.name)).toEqual(['pets', 'runtime'])
    }
  })
})
