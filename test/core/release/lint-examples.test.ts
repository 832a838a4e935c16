import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {TamaError} from '../../../src/core/errors/tama-error.js'
import {openIndex} from '../../../src/core/host-index/open-index.js'
import {readDocumentFile} from '../../../src/core/profile/index.js'
import type {OperationRecord} from '../../../src/core/profile/operation-record.js'
import {type ExampleRequest, type LintReport, lintOperations, lintRelease, readExampleRequests} from '../../../src/core/release/index.js'
import {FIXTURES, fixtureOperations} from './release-fixture.js'

const DOCUMENT = `${FIXTURES}lint-examples.yaml`
const EXAMPLES_FILE = `${FIXTURES}lint-examples.jsonl`

let dir: string
let report: LintReport
let withFile: LintReport

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-lint-examples-'))
  report = await lintRelease(DOCUMENT)
  withFile = await lintRelease(DOCUMENT, {examples: await readExampleRequests(EXAMPLES_FILE)})
})

afterAll(() => rmSync(dir, {recursive: true, force: true}))

function operation(lint: LintReport, id: string) {
  return lint.results.find((result) => result.operation_id === id)!
}

/** Lints the fixture's operations with `examples` as if from a file, through a real in-memory index. */
async function lintWith(examples: readonly ExampleRequest[], examplesTop?: number): Promise<ReturnType<typeof lintOperations>> {
  const records: readonly OperationRecord[] = await fixtureOperations('lint-examples.yaml')
  const index = openIndex({path: ':memory:'})
  try {
    await index.load(await readDocumentFile(DOCUMENT), {cassette: 'fleet', source: DOCUMENT})
    return lintOperations(records, (query, options) => index.search(query, options), {examples, examplesTop})
  } finally {
    index.close()
  }
}

describe('cassette lint on example requests', () => {
  it('checks every x-tama-examples request, in operationId order, and passes those that find their operation in the top 3', () => {
    expect(report.examples).toMatchObject({top: 3, checked: 3, found: 2})
    expect(report.examples.results.map(({operation_id, request, source, found}) => [operation_id, request, source, found])).toEqual([
      ['images_list', 'list the images of the fleet', 'document', true],
      ['images_list', 'remove an instance and its disks', 'document', false],
      ['instances_list', 'list the instances of the fleet', 'document', true],
    ])
  })

  it('fails an example request that does not find its operation, saying the rank it got and what ranked above it', () => {
    const missed = report.examples.results.find((example) => !example.found)!
    expect(missed).toMatchObject({operation_id: 'images_list', rank: null})
    expect(missed.above[0]).toBe('instance_delete')
    expect(missed.above).not.toContain('images_list')
    const finding = operation(report, 'images_list').findings.find((found) => found.kind === 'example_missed')!
    expect(finding.detail).toMatch(/^the example request "remove an instance and its disks" does not find it in the first 20; above it: instance_delete/)
    expect(finding.suggestion).toContain('x-tama-keywords')
  })

  it('counts a missed example in the operation score, the catalogue score and the counts', () => {
    // docs/release.md#the-score: a missed example request takes 25 points.
    expect(operation(report, 'images_list').score).toBe(75)
    expect(report.counts.example_missed).toBe(1)
    expect(report.score).toBe(Math.round(report.results.reduce((sum, result) => sum + result.score, 0) / report.results.length))
    expect(report.worst[0]).toMatchObject({operation_id: 'images_list', findings: ['example_missed']})
  })

  it('adds the requests of an --examples file after the document, each named by its file and line', () => {
    expect(withFile.examples).toMatchObject({checked: 5, found: 3})
    expect(withFile.examples.results.slice(3).map(({operation_id, source, found}) => [operation_id, source, found])).toEqual([
      ['networks_list', `${EXAMPLES_FILE}:1`, true],
      ['network_forward_create', `${EXAMPLES_FILE}:3`, false],
    ])
    expect(withFile.score).toBeLessThan(report.score)
  })

  it.each([
    {given: 3, want: 3},
    {given: 1, want: 1},
  ])('with the top at $given, finds $want of three operations that one request matches alike', async ({given, want}) => {
    const request = 'list the fleet'
    const lint = await lintWith(['instances_list', 'images_list', 'networks_list'].map((id) => ({operation: id, request})), given)
    const fromFile = lint.examples.results.filter((example) => example.request === request)
    expect(fromFile.every((example) => example.rank !== null && example.rank <= 3)).toBe(true)
    expect(fromFile.filter((example) => example.found)).toHaveLength(want)
    for (const example of fromFile) expect(example.above).toHaveLength(example.rank! - 1)
  })

  it.each([0, 21, 1.5])('refuses a top of %s as a usage error', async (top) => {
    await expect(lintWith([], top)).rejects.toMatchObject({kind: 'usage', message: 'examplesTop must be an integer from 1 to 20.'})
  })

  it('refuses a request for an operation the catalogue does not have, at its line', async () => {
    const error = await lintWith([{operation: 'instances_lsit', request: 'list instances', line: {file: 'requests.jsonl', number: 4}}]).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(TamaError)
    expect(error).toMatchObject({kind: 'invalid_document', problems: [{source: 'requests.jsonl', line: 4, pointer: '/operation', message: expect.stringContaining('no operation instances_lsit')}]})
  })
})

describe('readExampleRequests', () => {
  it.each([
    {given: '{"operation": "a", "request": "list"}\n{"operation": "a"}', want: [{line: 2, pointer: '/request', message: '`request` must be a request of 1-200 characters'}]},
    {given: 'not json', want: [{line: 1, pointer: '', message: 'The line is not JSON'}]},
    {given: '["a", "list"]', want: [{line: 1, pointer: '', message: 'The line is an array, not an object'}]},
    {given: '{"operation": 7, "request": "list"}', want: [{line: 1, pointer: '/operation', message: 'found an integer'}]},
    {given: '{"request": "list"}', want: [{line: 1, pointer: '/operation', message: 'found nothing'}]},
    {given: '{"operation": "a", "request": "?!"}', want: [{line: 1, pointer: '/request', message: 'with at least one letter or digit'}]},
    {given: `{"operation": "a", "request": "${'x'.repeat(201)}"}`, want: [{line: 1, pointer: '/request', message: 'found a string of 201 characters'}]},
    {given: '{"operation": "a", "request": "list", "rank": 1}', want: [{line: 1, pointer: '/rank', message: '`rank` is not a field of an example line'}]},
    {
      given: '\n\n{"operation": "a", "request": "list"}\r\n{}\r\n',
      want: [
        {line: 4, pointer: '/operation', message: 'found nothing'},
        {line: 4, pointer: '/request', message: 'found nothing'},
      ],
    },
  ])('refuses $given, each bad line at FILE:LINE', async ({given, want}) => {
    const file = join(dir, 'bad.jsonl')
    writeFileSync(file, given)
    const error = await readExampleRequests(file).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(TamaError)
    expect(error).toMatchObject({kind: 'invalid_document', message: expect.stringMatching(new RegExp(`^${file}: \\d+ bad lines? of example requests, the first at line ${want[0]!.line}: `))})
    expect((error as TamaError).problems).toEqual(want.map(({line, pointer, message}) => ({source: file, line, column: 1, pointer, message: expect.stringContaining(message)})))
  })

  it('reads JSON Lines, skipping blank lines, trimming each request as x-tama-examples are', async () => {
    const file = join(dir, 'good.jsonl')
    writeFileSync(file, '\uFEFF{"operation": "a", "request": "  start  the web01 container "}\n\n{"request": "reboot a vm", "operation": "b"}\n')
    expect(await readExampleRequests(file)).toEqual([
      {operation: 'a', request: 'start the web01 container', line: {file, number: 1}},
      {operation: 'b', request: 'reboot a vm', line: {file, number: 3}},
    ])
  })

  it('refuses a missing file as not_found', async () => {
    await expect(readExampleRequests(join(dir, 'nope.jsonl'))).rejects.toMatchObject({kind: 'not_found'})
  })

  it('reports an operation the catalogue lacks with the bad lines around it, in file order, through lintRelease', async () => {
    const file = join(dir, 'mixed.jsonl')
    writeFileSync(file, '{"operation": "instances_lsit", "request": "list instances"}\nnot json\n{"operation": "images_list", "request": "list instances"}\n{"operation": "nope", "request": "x1"}\n')
    const error = await lintRelease(DOCUMENT, {examplesFiles: [file]}).catch((caught: unknown) => caught)
    expect(error).toMatchObject({kind: 'invalid_document', message: expect.stringContaining('3 bad lines of example requests, the first at line 1: The catalogue has no operation instances_lsit.')})
    expect((error as TamaError).problems!.map((problem) => `${problem.line} ${problem.pointer}`)).toEqual(['1 /operation', '2 ', '4 /operation'])
  })
})
