import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js'
import {describe, expect, it} from 'vitest'

import {buildCassette} from '../../src/core/cassette/write/build-cassette.js'

import {TamaError} from '../../src/core/errors/tama-error.js'
import {executeOperation} from '../../src/core/execute/index.js'
import {MAX_PROBLEMS, SchemaValidator} from '../../src/core/execute/schema-validator.js'
import {openIndex} from '../../src/core/host-index/index.js'
import {handleExecute} from '../../src/core/mcp/index.js'
import {INPUT_LIMITS, LIMITS, checkDocument} from '../../src/core/profile/index.js'
import {FakeCatalog} from '../core/execute/fake-catalog.js'
import {CLI, PROJECT_ROOT} from '../helpers/cli.js'
import {bodyDocument} from '../helpers/documents.js'
import {COSTLY, bytes, names, nested, ok, records} from './costly-inputs.js'
import {tally} from './counts.js'
import {scaled} from './soak.js'

describe('execute: costly inputs are bounded (defect 3)', () => {
  // How long each takes is bench/execute-bounds.ts's to measure; here, that each ends in a checked answer, every time.
  it.for(COSTLY)('$name: checked, then refused or run, never a crash', async ({body, schemas, input}, context) => {
    const catalog = new FakeCatalog({bounds: records(body, {schemas})})
    const value = input()
    expect(bytes(value)).toBeLessThanOrEqual(INPUT_LIMITS.bytes)
    const runs = scaled(2, 15)
    const outcomes = new Set<string>()
    for (let run = 0; run < runs; run++) {
      const outcome = await executeOperation(catalog, 'bounds', 'op', value, {scopes: [], executors: {bounds: ok}}).catch((error: unknown) => error)
      if (outcome instanceof TamaError) {
        expect({kind: outcome.kind, dispatched: outcome.dispatched}).toEqual({kind: 'invalid_input', dispatched: false})
        outcomes.add(`refused: ${outcome.message}`)
      } else {
        expect(outcome).toEqual({result: {ok: true}})
        outcomes.add('run')
      }
    }
    // The same input gets the same answer every time.
    expect(outcomes.size).toBe(1)
    tally(context, 'costly inputs checked', runs)
  })

  it('refuses an input past the limits before confirmation or validation sees it, with a pointer, through a real index and the MCP handler', async (context) => {
    const index = openIndex({path: ':memory:'})
    try {
      await index.load(bodyDocument({type: 'object', properties: {items: {type: 'array', uniqueItems: true}, s: {type: 'string'}}}, {destructive: true, when: {required: ['force']}}), {cassette: 'bounds'})
      const executors = {bounds: ok}
      const cases = [
        {input: {items: Array.from({length: INPUT_LIMITS.arrayItems + 1}, (_, i) => i), force: true}, pointer: '/items', says: `is an array of ${INPUT_LIMITS.arrayItems + 1} items, more than ${INPUT_LIMITS.arrayItems}`},
        {input: {s: 'x'.repeat(INPUT_LIMITS.bytes), force: true}, pointer: '', says: `more than the limit of ${INPUT_LIMITS.bytes}`},
        {input: {s: 'x'.repeat(INPUT_LIMITS.bytes + 1), force: true}, pointer: '/s', says: `longer than ${INPUT_LIMITS.bytes}`},
        {input: {...(nested(LIMITS.depth) as object), force: true}, pointer: '/a'.repeat(LIMITS.depth), says: 'nests deeper than 128 levels'},
      ]
      for (const {input, pointer, says} of cases) {
        // Without confirm: a confirmation rule would answer first if the input reached it.
        await expect(index.execute('bounds', 'op', input, {scopes: [], executors})).rejects.toMatchObject({kind: 'invalid_input', dispatched: false, problems: [{source: 'input', pointer, message: expect.stringContaining(says)}]})
        const tool = await handleExecute(index, {cassette: 'bounds', operation_id: 'op', input}, {scopes: []}, executors)
        expect(tool).toMatchObject({error: {kind: 'invalid_input', dispatched: false, problems: [{pointer}]}})
      }
      // Just within the limits, the input goes on to confirmation.
      const within = {items: Array.from({length: INPUT_LIMITS.arrayItems}, (_, i) => i), force: true}
      await expect(index.execute('bounds', 'op', within, {scopes: [], executors})).rejects.toMatchObject({kind: 'confirmation_required'})
      await expect(index.execute('bounds', 'op', within, {scopes: [], executors, confirm: true})).resolves.toEqual({result: {ok: true}})
      tally(context, 'costly inputs checked', cases.length * 2 + 2)
    } finally {
      index.close()
    }
  })
})

/** Each list keyword of a schema, at `n` entries, with the items of an input that make validation check every entry. */
const LISTS = [
  {keyword: 'required', limit: LIMITS.requiredNames, schema: (n: number) => ({type: 'object', required: names(n)}), item: () => ({})},
  {keyword: 'dependentRequired', limit: LIMITS.dependentNames, schema: (n: number) => ({type: 'object', dependentRequired: {a: names(n - 1)}}), item: () => ({a: 0})},
  {keyword: 'dependencies', limit: LIMITS.dependentNames, schema: (n: number) => ({type: 'object', dependencies: {a: names(n - 1)}}), item: () => ({a: 0})},
  {keyword: 'enum', limit: LIMITS.enumValues, schema: (n: number) => ({enum: names(n).map((name) => ({name}))}), item: () => ({name: 'none'})},
  // Comparing arrays looks at every item: values of 200 items, each array the same but for its last.
  {keyword: 'enum', limit: LIMITS.enumValues, schema: (n: number) => ({enum: Array.from({length: n}, (_, i) => [...Array.from({length: 199}, () => 0), i])}), item: () => [...Array.from({length: 199}, () => 0), -1]},
  {keyword: 'patternProperties', limit: LIMITS.patternProperties, schema: (n: number) => ({type: 'object', patternProperties: Object.fromEntries(names(n).map((name) => [`^${name}`, {type: 'string'}])), additionalProperties: {type: 'integer'}}), item: () => Object.fromEntries(names(90).map((name) => [`${name}x`, 0]))},
]

/** How long checking one input may take here: the documented worst case (bench/execute-bounds.ts) with room for a loaded machine. */
const CHECK_MS = 1000

describe('execute: list keywords cost at most the budget of validation steps (round three, defect 2)', () => {
  it.for(LISTS)('refuses a document whose $keyword lists more than the limit, at its pointer; the limit itself is valid', ({keyword, limit, schema}, context) => {
    const body = (n: number) => ({type: 'object', properties: {items: {type: 'array', items: {anyOf: [{type: 'string'}, schema(n)]}}}})
    const pointer = `/paths/~1op/post/requestBody/content/application~1json/schema/properties/items/items/anyOf/1/${keyword}`
    expect(checkDocument(bodyDocument(body(limit))).problems).toEqual([])
    const {document, problems} = checkDocument(bodyDocument(body(limit + 1)))
    expect(document).toBeNull()
    expect(problems).toEqual([expect.objectContaining({pointer, message: expect.stringContaining(`more than the limit of ${limit}`)})])
    tally(context, 'costly inputs checked', 2)
  })

  it.for(LISTS)('checks 10,000 items against a $keyword at its limit, alone or in anyOf branches, within the budget', async ({limit, schema, item}, context) => {
    const shapes = [schema(limit), {anyOf: Array.from({length: 8}, () => schema(limit))}, {allOf: [schema(limit), {not: schema(limit)}]}]
    for (const shape of shapes) {
      const operations = records({type: 'object', properties: {items: {type: 'array', items: shape}}})
      const catalog = new FakeCatalog({bounds: operations})
      const value = {items: Array.from({length: INPUT_LIMITS.arrayItems}, item)}
      if (bytes(value) > INPUT_LIMITS.bytes) value.items.length = Math.floor(INPUT_LIMITS.arrayItems * (INPUT_LIMITS.bytes / bytes(value)) * 0.9)
      const outcome = await executeOperation(catalog, 'bounds', 'op', value, {scopes: [], executors: {bounds: ok}}).catch((error: unknown) => error)
      expect(outcome).toBeInstanceOf(TamaError)
      const {kind, dispatched, problems} = outcome as TamaError
      expect({kind, dispatched}).toEqual({kind: 'invalid_input', dispatched: false})
      // A few problems, each with its pointer, never one for every entry of every item.
      expect(problems!.length).toBeGreaterThan(0)
      expect(problems!.length).toBeLessThanOrEqual(MAX_PROBLEMS + 1)
      // Validation alone, the schema compiled: execute also reads and hashes the schema on each call, in time with its size.
      const validator = new SchemaValidator()
      const schema = operations[0]!.inputSchema
      const answer = (): unknown => {
        try {
          return validator.problems(schema, value)
        } catch (error) {
          return error
        }
      }
      answer()
      const runs = scaled(2, 10)
      for (let run = 0; run < runs; run++) {
        const started = performance.now()
        const checked = answer()
        expect(performance.now() - started).toBeLessThan(CHECK_MS)
        expect(Array.isArray(checked) ? checked.length : (checked as TamaError).kind).not.toBe(0)
      }
      tally(context, 'costly inputs checked', runs + 1)
    }
  })

  it('lists an invalid input\'s first problems by pointer, and says when it did not look for more', () => {
    const validator = new SchemaValidator()
    const schema = {type: 'array', items: {type: 'object', required: names(LIMITS.requiredNames)}}
    const problems = validator.problems(schema, Array.from({length: INPUT_LIMITS.arrayItems}, () => ({})))
    expect(problems[0]).toEqual({pointer: '/0/p00000', message: 'is required but missing'})
    expect(problems.at(-1)).toEqual({pointer: '', message: expect.stringContaining('perhaps more problems')})
    // Within the budget for listing problems, every one is listed.
    expect(validator.problems(schema, [{}])).toHaveLength(MAX_PROBLEMS + 1)
    expect(validator.problems({enum: names(LIMITS.enumValues)}, 'x')).toEqual([{pointer: '', message: expect.stringMatching(/^must be one of \["p00000",.*, … and 1990 more\]$/)}])
  })
})

describe('execute through `tama-dex mcp`: a costly input never holds the host (round three, defect 2)', () => {
  it('answers a search sent while an input of 10,000 items against 1,000 required names is checked', async (context) => {
    const dir = mkdtempSync(join(tmpdir(), 'tama-execute-bounds-'))
    const file = join(dir, 'index.sqlite3')
    const cassette = join(dir, 'bounds.tama-cassette')
    const body = {type: 'object', properties: {items: {type: 'array', items: {type: 'object', required: names(LIMITS.requiredNames)}}}}
    await buildCassette({name: 'bounds', version: '1.0.0', documents: [{source: 'bounds.json', document: bodyDocument(body)}]}, cassette)
    const host = openIndex({path: file})
    try {
      await host.import(cassette)
    } finally {
      host.close()
    }
    const transport = new StdioClientTransport({command: process.execPath, args: [CLI, 'mcp', '--index', file], cwd: PROJECT_ROOT, env: {...(process.env as Record<string, string>), NO_COLOR: '1'}, stderr: 'pipe'})
    const client = new Client({name: 'execute-bounds', version: '0.0.0'})
    await client.connect(transport)
    try {
      const input = {items: Array.from({length: INPUT_LIMITS.arrayItems}, () => ({}))}
      const runs = scaled(2, 10)
      for (let run = 0; run < runs; run++) {
        const started = performance.now()
        const executed = client.callTool({name: 'execute', arguments: {cassette: 'bounds', operation_id: 'op', input}})
        const searched = client.callTool({name: 'search', arguments: {query: 'run the operation'}})
        const [execution, search] = await Promise.all([executed, searched])
        // Both answered, the search after at most the check's own time (which took 33 s before the budget).
        expect(performance.now() - started).toBeLessThan(5 * CHECK_MS)
        expect(search.structuredContent).toMatchObject({results: [{cassette: 'bounds', operation_id: 'op'}]})
        expect(execution.structuredContent).toMatchObject({error: {kind: 'invalid_input', dispatched: false, problems: [{pointer: '/items/0/p00000'}, expect.anything()]}})
      }
      tally(context, 'costly inputs checked', runs)
    } finally {
      await client.close()
      rmSync(dir, {recursive: true, force: true})
    }
  }, 120_000)
})
