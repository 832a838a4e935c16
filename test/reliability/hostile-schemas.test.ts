import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {Ajv2020} from 'ajv/dist/2020.js'
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {buildCassette} from '../../src/core/cassette/write/build-cassette.js'
import {canonicalJson, sha256Hex} from '../../src/core/cassette/format/canonical-json.js'
import {verifyCassette} from '../../src/core/cassette/index.js'
import {TamaError} from '../../src/core/errors/tama-error.js'
import {type ExecuteOptions, type Executor, type OperationCatalog, executeOperation} from '../../src/core/execute/index.js'
import {type TamaIndex, openIndex} from '../../src/core/host-index/index.js'
import {handleExecute} from '../../src/core/mcp/index.js'
import {LIMITS, checkDocument, validateDocument} from '../../src/core/profile/index.js'
import {SchemaValidator} from '../../src/core/execute/schema-validator.js'
import type {OperationRecord} from '../../src/core/profile/operation-record.js'
import {searchConfirmationText} from '../../src/core/search/index.js'
import {CLI, PROJECT_ROOT, runCli} from '../helpers/cli.js'
import {bodyDocument} from '../helpers/documents.js'
import {withSql} from '../core/cassette/cassette-kit.js'
import {FakeCatalog} from '../core/execute/fake-catalog.js'
import {tally} from './counts.js'
import {SeededRandom} from './seeded-random.js'
import {SEED, scaled} from './soak.js'

const BODY = '/paths/~1op/post/requestBody/content/application~1json/schema'
const WHEN = '/paths/~1op/post/x-tama-confirmation/when'

/** An executor that counts its calls. */
function counting(): {executor: Executor; calls: number[]} {
  const calls: number[] = []
  return {executor: {execute: async () => (calls.push(1), {ok: true})}, calls}
}

/** Runs execute, returning its result or the TamaError it threw (anything else fails the test). */
async function outcome(run: Promise<unknown>): Promise<unknown> {
  return run.catch((error: unknown) => {
    if (error instanceof TamaError) return error
    throw error
  })
}

/** Rejections no one handled while `run` ran, and a turn of the event loop after it. */
async function unhandledDuring(run: () => Promise<unknown>): Promise<unknown[]> {
  const seen: unknown[] = []
  const listener = (reason: unknown) => seen.push(reason)
  process.on('unhandledRejection', listener)
  try {
    await run()
    await new Promise((resolve) => setTimeout(resolve, 20))
  } finally {
    process.off('unhandledRejection', listener)
  }
  return seen
}

/** A catalog holding exactly these records, as an index written by other code (or an older version) might. */
function storedCatalog(records: OperationRecord[]): FakeCatalog {
  return new FakeCatalog({hostile: records})
}

/** The record `op` validates to, with its input schema (or its `when`) replaced, as a store could hold it. */
function storedRecord(edit: Partial<OperationRecord>): OperationRecord {
  const [record] = validateDocument(bodyDocument({type: 'object'})).operations
  return {...record!, ...edit}
}

/** Keywords that are not JSON Schema 2020-12 and that some validator gives a meaning, or that would be silently ignored. */
const FOREIGN_KEYWORDS: ReadonlyArray<readonly [string, unknown]> = [
  ['$async', true],
  ['nullable', true],
  ['$data', '0/x'],
  ['id', 'https://example.com/s'],
  ['$id', 'https://example.com/s'],
  ['$dynamicRef', 'https://example.com/meta#node'],
  ['$recursiveRef', '#'],
  ['$recursiveAnchor', true],
  ['additionalItems', false],
  ['minimun', 3],
  ['errorMessage', 'x'],
  ['coerceTypes', true],
  ['__proto__', {type: 'string'}],
]

/** Where in a document a foreign keyword can sit, and the pointer of the schema it sits in. */
const PLACES: ReadonlyArray<{name: string; put: (keyword: Record<string, unknown>) => {document: Record<string, unknown>; at: string}}> = [
  {name: 'the body schema', put: (k) => ({document: bodyDocument({type: 'object', ...k}), at: BODY})},
  {name: 'a property', put: (k) => ({document: bodyDocument({type: 'object', properties: {a: {type: 'string', ...k}}}), at: `${BODY}/properties/a`})},
  {name: 'items under allOf', put: (k) => ({document: bodyDocument({allOf: [{type: 'array', items: {...k}}]}), at: `${BODY}/allOf/0/items`})},
  {name: 'a referenced component', put: (k) => ({document: bodyDocument({$ref: '#/components/schemas/C'}, {schemas: {C: {type: 'object', ...k}}}), at: '/components/schemas/C'})},
  {name: 'a parameter schema', put: (k) => ({document: bodyDocument({type: 'object'}, {parameters: [{name: 'p', in: 'query', schema: {type: 'string', ...k}}]}), at: '/paths/~1op/post/parameters/0/schema'})},
  {name: 'a confirmation `when` schema', put: (k) => ({document: bodyDocument({type: 'object'}, {when: {type: 'object', ...k}}), at: WHEN})},
]

/** `{[keyword]: value}` as an own property, even for `__proto__`. */
function own(keyword: string, value: unknown): Record<string, unknown> {
  return JSON.parse(`{${JSON.stringify(keyword)}: ${JSON.stringify(value)}}`) as Record<string, unknown>
}

describe('hostile schemas: only JSON Schema 2020-12 reaches the validator (defect 1)', () => {
  it('refuses every keyword outside the vocabularies, in every place a schema sits, at its pointer', (context) => {
    let tried = 0
    for (const [keyword, value] of FOREIGN_KEYWORDS) {
      for (const place of PLACES) {
        const {document, at} = place.put(own(keyword, value))
        const {document: validated, problems} = checkDocument(document)
        expect(validated, `${keyword} in ${place.name}`).toBeNull()
        expect(problems, `${keyword} in ${place.name}`).toContainEqual({pointer: `${at}/${keyword.replaceAll('~', '~0').replaceAll('/', '~1')}`, message: expect.stringContaining(`\`${keyword}\` is not allowed in a Schema Object`)})
        tried++
      }
    }
    tally(context, 'hostile schemas tried', tried)
  })

  it('refuses `$async` through index.load, leaving the index unchanged, and through `document validate`', async (context) => {
    const index = openIndex({path: ':memory:'})
    try {
      await index.load(bodyDocument({type: 'object'}), {cassette: 'hostile'})
      const before = index.cassettes()
      await expect(index.load(bodyDocument({type: 'object', $async: true, required: ['a']}), {cassette: 'hostile'})).rejects.toMatchObject({kind: 'invalid_document', problems: [expect.objectContaining({pointer: `${BODY}/$async`})]})
      expect(index.cassettes()).toEqual(before)
    } finally {
      index.close()
    }
    const dir = mkdtempSync(join(tmpdir(), 'tama-hostile-schemas-'))
    try {
      writeFileSync(join(dir, 'async.json'), JSON.stringify(bodyDocument({type: 'object'}, {when: {$async: true}})))
      const result = await runCli(['document', 'validate', join(dir, 'async.json')])
      expect(result.code).toBe(3)
      expect(result.stdout + result.stderr).toContain(`#${WHEN}/$async: \`$async\` is not allowed in a Schema Object`)
    } finally {
      rmSync(dir, {recursive: true, force: true})
    }
    tally(context, 'hostile schemas tried', 2)
  })

  it.for([
    {name: 'an input schema with `$async`', record: () => storedRecord({inputSchema: {$async: true, type: 'object', required: ['a']}})},
    {name: 'a `when` schema with `$async`', record: () => storedRecord({confirmation: {when: {$async: true, type: 'object'}, echo: null, message: 'Sure?'}})},
    {name: 'an input schema with `nullable`', record: () => storedRecord({inputSchema: {type: 'object', properties: {a: {type: 'string', nullable: true}}}})},
  ])('a stored record with $name never dispatches: verification_failed, dispatched false, nothing left unhandled', async ({record}, context) => {
    const {executor, calls} = counting()
    const catalog = storedCatalog([record()])
    const options: ExecuteOptions = {scopes: [], executors: {hostile: executor}}
    const unhandled = await unhandledDuring(async () => {
      expect(await outcome(executeOperation(catalog, 'hostile', 'op', {b: 1}, options))).toMatchObject({kind: 'verification_failed', dispatched: false})
      const tool = await handleExecute({execute: (...args) => executeOperation(catalog, ...args)}, {cassette: 'hostile', operation_id: 'op', input: {b: 1}}, {scopes: []}, {hostile: executor})
      expect(tool).toMatchObject({error: {kind: 'verification_failed', dispatched: false}})
    })
    expect(unhandled).toEqual([])
    expect(calls).toHaveLength(0)
    tally(context, 'hostile schemas tried', 2)
  })
})

/** In-place applicators, and how to put a subschema in each. */
const IN_PLACE: ReadonlyArray<readonly [string, (inner: unknown) => Record<string, unknown>, string]> = [
  ['allOf', (inner) => ({allOf: [{type: 'object'}, inner]}), '/allOf/1'],
  ['anyOf', (inner) => ({anyOf: [inner]}), '/anyOf/0'],
  ['oneOf', (inner) => ({oneOf: [inner, {type: 'null'}]}), '/oneOf/0'],
  ['not', (inner) => ({not: inner}), '/not'],
  ['if', (inner) => ({if: inner}), '/if'],
  ['then', (inner) => ({if: true, then: inner}), '/then'],
  ['else', (inner) => ({if: false, else: inner}), '/else'],
  ['dependentSchemas', (inner) => ({dependentSchemas: {a: inner}}), '/dependentSchemas/a'],
  ['$ref', (inner) => inner as Record<string, unknown>, ''],
]

/** Keywords that move into the value, and how to put a subschema in each. */
const MOVING: ReadonlyArray<(inner: unknown) => Record<string, unknown>> = [
  (inner) => ({type: 'object', properties: {next: inner}}),
  (inner) => ({type: 'array', items: inner}),
  (inner) => ({prefixItems: [inner]}),
  (inner) => ({additionalProperties: inner}),
  (inner) => ({patternProperties: {'^n': inner}}),
  (inner) => ({contains: inner}),
]

describe('schema cycles: refused at validation, and never a crash at execute (defect 2)', () => {
  it('refuses a chain of schemas that comes back to its start without moving into the value, at the reference that closes it', (context) => {
    const random = new SeededRandom(SEED)
    const count = scaled(150, 3000)
    for (let run = 0; run < count; run++) {
      const length = random.int(1, 6)
      const schemas: Record<string, unknown> = {}
      let closing = ''
      for (let i = 0; i < length; i++) {
        const [, wrap, at] = random.pick(IN_PLACE)
        const next = `#/components/schemas/S${(i + 1) % length}`
        schemas[`S${i}`] = wrap({$ref: next})
        if (i === length - 1) closing = `/components/schemas/S${i}${at}/$ref`
      }
      const {problems} = checkDocument(bodyDocument({$ref: '#/components/schemas/S0'}, {schemas}))
      expect(problems, JSON.stringify(schemas)).toContainEqual({pointer: closing, message: expect.stringContaining('without moving to a property or an item')})
    }
    tally(context, 'hostile schemas tried', count)
  })

  it('accepts recursion that moves into the value, and execute answers for it without a crash', async (context) => {
    const random = new SeededRandom(SEED + 1)
    const count = scaled(60, 1000)
    const {executor} = counting()
    for (let run = 0; run < count; run++) {
      const length = random.int(1, 4)
      const schemas: Record<string, unknown> = {}
      for (let i = 0; i < length; i++) {
        const next = {$ref: `#/components/schemas/S${(i + 1) % length}`}
        // Somewhere on the loop the recursion moves into the value; elsewhere anything goes.
        const [, wrap] = random.pick(IN_PLACE)
        schemas[`S${i}`] = i === 0 ? random.pick(MOVING)(next) : random.next() < 0.5 ? wrap(next) : random.pick(MOVING)(next)
      }
      const document = bodyDocument({type: 'object', properties: {root: {$ref: '#/components/schemas/S0'}}}, {schemas})
      const {operations} = validateDocument(document)
      let value: unknown = random.pick([1, 'x', null, true])
      for (let depth = random.int(0, 30); depth > 0; depth--) value = random.pick([{next: value, n: value}, [value], {a: [value]}])
      const result = await outcome(executeOperation(storedCatalog([...operations]), 'hostile', 'op', {root: value}, {scopes: [], executors: {hostile: executor}}))
      if (result instanceof TamaError) expect(result.kind, JSON.stringify(schemas)).toBe('invalid_input')
      else expect(result).toEqual({result: {ok: true}})
    }
    tally(context, 'hostile schemas tried', count)
  })

  it.for([
    {name: 'allOf holding a $ref to itself', schema: {$ref: '#/$defs/A', $defs: {A: {allOf: [{$ref: '#/$defs/A'}]}}}, kind: 'verification_failed'},
    {name: 'a schema that is only a $ref to itself', schema: {type: 'object', properties: {a: {$ref: '#/$defs/B'}}, $defs: {B: {$ref: '#/$defs/B'}}}, kind: 'verification_failed'},
    {name: 'an external $dynamicRef', schema: {type: 'object', properties: {a: {$dynamicRef: 'https://example.com/meta#node'}}}, kind: 'verification_failed'},
    {name: 'nesting past the stack', schema: deepSchema(3000), kind: 'internal'},
  ])('a stored schema with $name: $kind with dispatched false, through the library and the MCP handler', async ({schema, kind}, context) => {
    const {executor, calls} = counting()
    const catalog = storedCatalog([storedRecord({inputSchema: schema})])
    expect(await outcome(executeOperation(catalog, 'hostile', 'op', {a: 1}, {scopes: [], executors: {hostile: executor}}))).toMatchObject({kind, dispatched: false})
    const tool = await handleExecute({execute: (...args) => executeOperation(catalog, ...args)}, {cassette: 'hostile', operation_id: 'op', input: {a: 1}}, {scopes: []}, {hostile: executor})
    expect(tool).toMatchObject({error: {kind, dispatched: false}})
    expect(calls).toHaveLength(0)
    tally(context, 'hostile schemas tried', 1)
  })
})

const DEEP = 'deep-schema-placeholder'

/** The canonical JSON of deepSchema(levels), built as text. */
function deepSchemaText(levels: number): string {
  return `${'{"properties":{"a":'.repeat(levels)}{"type":"string"}${'},"type":"object"}'.repeat(levels)}`
}

function deepSchema(levels: number): Record<string, unknown> {
  let schema: Record<string, unknown> = {type: 'string'}
  for (let level = 0; level < levels; level++) schema = {type: 'object', properties: {a: schema}}
  return schema
}

/** A catalog with the fixture's operations whose `method` throws on first use, to make one step fail. */
function throwingAt(step: string): {catalog: OperationCatalog; options: ExecuteOptions} {
  const boom = (): never => {
    throw new RangeError(`Maximum call stack size exceeded (${step})`)
  }
  const fake = new FakeCatalog()
  const {executor} = counting()
  const executors: ExecuteOptions['executors'] = {incus: executor}
  const catalog: OperationCatalog = {
    isReady: () => (step === 'isReady' ? boom() : true),
    getOperation: (cassette, operationId, scopes) => {
      if (step === 'getOperation') boom()
      const operation = fake.getOperation(cassette, operationId, scopes)
      if (operation === undefined) return undefined
      if (step === 'confirmation') Object.defineProperty(operation, 'confirmation', {get: boom})
      if (step === 'inputSchema') Object.defineProperty(operation, 'inputSchema', {get: boom})
      if (step === 'destructive') Object.defineProperty(operation, 'destructive', {get: boom})
      return operation
    },
    suggestOperations: (...args) => (step === 'suggestOperations' ? boom() : fake.suggestOperations(...args)),
  }
  const options: ExecuteOptions = {
    scopes: ['incus.read', 'incus.write', 'incus.admin'],
    ...(step === 'executors'
      ? {
          executors: new Proxy(executors, {
            get: boom,
            getOwnPropertyDescriptor: boom,
          }),
        }
      : {executors}),
    ...(step === 'signal' ? {signal: Object.defineProperty({}, 'aborted', {get: boom}) as AbortSignal} : {}),
  }
  if (step === 'context') Object.defineProperty(options, 'context', {get: boom, enumerable: true})
  return {catalog, options}
}

describe('one place decides `dispatched` (defects 2 and 7)', () => {
  // Each step execute takes before it calls an executor, made to throw something that is not a TamaError.
  const STEPS = ['isReady', 'getOperation', 'suggestOperations', 'destructive', 'confirmation', 'inputSchema', 'executors', 'signal', 'context']

  it.each(STEPS)('a failure in %s, before dispatch, is a TamaError with dispatched: false, through the library and the MCP handler', async (step) => {
    const operationId = step === 'suggestOperations' ? 'no_such_operation' : 'instance_delete'
    const input = {name: 'web1'}
    {
      const {catalog, options} = throwingAt(step)
      const error = await outcome(executeOperation(catalog, 'incus', operationId, input, Object.defineProperties({confirm: 'web1'}, Object.getOwnPropertyDescriptors(options)) as ExecuteOptions))
      expect(error).toBeInstanceOf(TamaError)
      expect(error).toMatchObject({dispatched: false})
    }
    {
      const {catalog, options} = throwingAt(step)
      // The step's options keep their getters: only execute may read them.
      const index = {execute: (cassette: string, id: string, value: unknown, given: ExecuteOptions) => executeOperation(catalog, cassette, id, value, Object.defineProperties({...given}, Object.getOwnPropertyDescriptors(options)))}
      const tool = await handleExecute(index, {cassette: 'incus', operation_id: operationId, input, confirm: 'web1'}, {scopes: options.scopes}, options.executors ?? {})
      expect(tool).toMatchObject({error: {dispatched: false}})
      expect(tool).not.toHaveProperty('operation_error')
    }
  })

  it('a failure once the executor is called is dispatched: true, through the library and the MCP handler', async () => {
    const executors = {incus: {execute: () => Promise.reject(new RangeError('boom'))}}
    const catalog = new FakeCatalog()
    const scopes = ['incus.read']
    expect(await outcome(executeOperation(catalog, 'incus', 'instance_get', {name: 'web1'}, {scopes, executors}))).toMatchObject({kind: 'execution_failed', dispatched: true})
    const tool = await handleExecute({execute: (...args) => executeOperation(catalog, ...args)}, {cassette: 'incus', operation_id: 'instance_get', input: {name: 'web1'}}, {scopes}, executors)
    expect(tool).toMatchObject({operation_error: {dispatched: true}})
  })
})

describe('pinned cassettes hold their records to the document limits, and their schemas to the profile where compiled (defect 7)', () => {
  let dir: string
  let good: Uint8Array
  let index: TamaIndex

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tama-hostile-schemas-'))
    const file = join(dir, 'good.tama-cassette')
    await buildCassette({name: 'hostile', version: '1.0.0', documents: [{source: 'hostile.json', document: bodyDocument({type: 'object', properties: {a: {type: 'string'}}})}]}, file)
    good = readFileSync(file)
    index = openIndex({path: ':memory:'})
    await index.import(file)
  }, 60_000)

  afterAll(() => {
    index?.close()
    rmSync(dir, {recursive: true, force: true})
  })

  /**
   * The good cassette with op's record rewritten. With `row: 'agrees'` its search row's
   * confirmation column says what the edited record's rule gives, as a pinned copy checks;
   * with 'documents' it stays what the embedded documents give, as a rebuild checks. A DEEP
   * string in the edited record stands for the canonical JSON of a schema nested `levels`
   * deep, written out as text: no JSON library need walk it.
   */
  function withRecord(edit: (record: Record<string, unknown>) => Record<string, unknown>, {levels = 0, row = 'agrees'}: {levels?: number; row?: 'agrees' | 'documents'} = {}): {path: string; sha256: string} {
    const bytes = withSql(good, dir, (db) => {
      const stored = db.prepare<{record: string}>("SELECT record FROM operations WHERE operation_id = 'op'").get()!
      const edited = edit(JSON.parse(stored.record) as Record<string, unknown>)
      const text = canonicalJson(edited).replace(`"${DEEP}"`, () => deepSchemaText(levels))
      db.prepare("UPDATE operations SET record = ? WHERE operation_id = 'op'").run(text)
      if (row === 'agrees') db.prepare("UPDATE search_operations SET confirmation = ? WHERE operation_id = 'op'").run(searchConfirmationText(edited as unknown as OperationRecord))
    })
    const path = join(dir, `hostile-${sha256Hex(bytes).slice(0, 12)}.tama-cassette`)
    writeFileSync(path, bytes)
    return {path, sha256: sha256Hex(bytes)}
  }

  it.for([
    {name: 'a 3,000-level input schema', edit: (r: Record<string, unknown>) => ({...r, inputSchema: DEEP}), levels: 3000, reason: /nests deeper than 128 levels/},
    {name: 'a 200-level input schema (within the stack, past the document limit)', edit: (r: Record<string, unknown>) => ({...r, inputSchema: DEEP}), levels: 200, reason: /nests deeper than 128 levels/},
    {name: 'a 2,000-level `when` schema', edit: (r: Record<string, unknown>) => ({...r, confirmation: {when: DEEP, echo: null, message: 'Sure?'}}), levels: 2000, reason: /nests deeper than 128 levels/},
    {name: 'a 200-level output schema', edit: (r: Record<string, unknown>) => ({...r, outputSchema: DEEP}), levels: 200, reason: /nests deeper than 128 levels/},
    {name: 'an input schema of more subschemas than execute may compile', edit: (r: Record<string, unknown>) => ({...r, inputSchema: {type: 'object', properties: Object.fromEntries(Array.from({length: 2500}, (_, i) => [`p${i}`, {type: 'string'}]))}}), reason: /at \/inputSchema: the schema holds more than 2000 subschemas/},
    {name: 'a `when` schema of more subschemas than execute may compile', edit: (r: Record<string, unknown>) => ({...r, confirmation: {when: {anyOf: Array.from({length: 2500}, () => true)}, echo: null, message: 'Sure?'}}), reason: /at \/confirmation\/when: the schema holds more than 2000 subschemas/},
    {name: 'a string past the document limit', edit: (r: Record<string, unknown>) => ({...r, description: 'x'.repeat(1024 * 1024 + 1)}), reason: /longer than 1048576/},
    {name: 'a key past the document limit, inside an output schema', edit: (r: Record<string, unknown>) => ({...r, outputSchema: {properties: {['k'.repeat(1024 * 1024 + 1)]: true}}}), reason: /longer than 1048576/},
  ])('refuses $name, pinned, at verify and at import, leaving the index unchanged', async ({edit, levels, reason}, context) => {
    const {path, sha256} = withRecord(edit, {levels, row: 'documents'})
    const report = await verifyCassette(readFileSync(path), {source: 'hostile.tama-cassette', sha256})
    expect(report.checks.find((check) => !check.ok)).toMatchObject({check: 'records', detail: expect.stringMatching(reason)})
    const before = index.cassettes()
    await expect(index.import(path, {sha256})).rejects.toMatchObject({kind: 'verification_failed', message: expect.stringMatching(reason)})
    expect(index.cassettes()).toEqual(before)
    // Unpinned, the rows are ignored and the documents installed as they say.
    await expect(index.import(path)).resolves.toMatchObject({mode: 'rebuild'})
    tally(context, 'hostile schemas tried', 1)
  })

  // A pinned copy bounds each record but leaves the profile's Schema Object rules to the one
  // place that compiles a stored schema: execute checks it first, and refuses it there.
  it.for([
    {name: 'an input schema with `$async`', edit: (r: Record<string, unknown>) => ({...r, inputSchema: {$async: true, type: 'object'}}), reason: /at \/inputSchema\/\$async: `\$async` is not allowed/, dispatched: false},
    {name: 'a `when` schema with a $ref out of itself', edit: (r: Record<string, unknown>) => ({...r, confirmation: {when: {$ref: 'https://example.com/s'}, echo: null, message: 'Sure?'}}), reason: /at \/confirmation\/when\/\$ref: .*points outside/, dispatched: false},
    {name: 'an output schema that applies itself', edit: (r: Record<string, unknown>) => ({...r, outputSchema: {$ref: '#/$defs/A', $defs: {A: {anyOf: [{$ref: '#/$defs/A'}]}}}}), reason: /at \/outputSchema\/\$defs\/A\/anyOf\/0\/\$ref: This leads back/, dispatched: true},
  ])('refuses $name at verify; pinned, it is copied and execute never compiles it', async ({edit, reason, dispatched}, context) => {
    const {path, sha256} = withRecord(edit)
    const report = await verifyCassette(readFileSync(path), {source: 'hostile.tama-cassette', sha256})
    expect(report.checks.find((check) => !check.ok)).toMatchObject({check: 'records', detail: expect.stringMatching(reason)})
    await expect(index.import(path, {sha256})).resolves.toMatchObject({mode: 'copy'})
    const {executor, calls} = counting()
    const executed = await outcome(index.execute('hostile', 'op', {}, {scopes: [], executors: {hostile: executor}}))
    if (dispatched) {
      // Nothing compiles an output schema: it only describes the result.
      expect(executed).toEqual({result: {ok: true}})
      expect(calls).toHaveLength(1)
    } else {
      expect(executed).toMatchObject({kind: 'verification_failed', dispatched: false})
      expect(calls).toHaveLength(0)
    }
    expect(index.search('run the operation', {scopes: []}).results).toMatchObject([{cassette: 'hostile', operation_id: 'op'}])
    await index.import(join(dir, 'good.tama-cassette'))
    tally(context, 'hostile schemas tried', 1)
  })

  it('keeps MCP search answering: a pinned 3,000-level input schema never gets into the index it ranks from', async (context) => {
    const file = join(dir, 'mcp-index.sqlite3')
    const host = openIndex({path: file})
    const good = join(dir, 'good.tama-cassette')
    const deep = withRecord((r) => ({...r, inputSchema: DEEP}), {levels: 3000})
    try {
      await host.import(good)
      await expect(host.import(deep.path, {sha256: deep.sha256})).rejects.toMatchObject({kind: 'verification_failed'})
    } finally {
      host.close()
    }
    const transport = new StdioClientTransport({command: process.execPath, args: [CLI, 'mcp', '--index', file], cwd: PROJECT_ROOT, env: {...(process.env as Record<string, string>), NO_COLOR: '1'}, stderr: 'pipe'})
    const client = new Client({name: 'hostile-schemas', version: '0.0.0'})
    await client.connect(transport)
    try {
      const answer = await client.callTool({name: 'search', arguments: {query: 'run the operation'}})
      expect(answer.isError).toBeFalsy()
      expect(answer.structuredContent).toMatchObject({results: [{cassette: 'hostile', operation_id: 'op', input_schema: {type: 'object'}}]})
    } finally {
      await client.close()
    }
    tally(context, 'hostile schemas tried', 1)
  })
})

describe('property names are data (defect 8)', () => {
  /** A document whose one operation, `op`, has a required query parameter `name`, echoed to confirm when present. */
  function namedDocument(name: string): Record<string, unknown> {
    return {
      openapi: '3.1.0',
      'x-tama-profile': 'tama-operations/1',
      info: {title: 'names', version: '1.0.0'},
      paths: {'/op': {get: {operationId: 'op', summary: 'Run it', 'x-tama-scopes': [], parameters: [{name, in: 'query', required: true, schema: {type: 'string'}}], 'x-tama-confirmation': {when: {required: [name]}, echo: name, message: 'Sure?'}, responses: {'200': {description: 'OK'}}}}},
    }
  }

  it('refuses `__proto__` as a parameter or property name, which validators skip, at its pointer', (context) => {
    expect(checkDocument(namedDocument('__proto__')).problems).toContainEqual({pointer: '/paths/~1op/get/parameters/0/name', message: expect.stringContaining('A parameter named "__proto__" cannot be an input property')})
    for (const keyword of ['properties', 'patternProperties']) {
      const body = {type: 'object', [keyword]: own('__proto__', {type: 'string'})}
      expect(checkDocument(bodyDocument(body)).problems).toContainEqual({pointer: `${BODY}/${keyword}/__proto__`, message: expect.stringContaining('`__proto__` cannot name a property here')})
    }
    tally(context, 'hostile schemas tried', 3)
  })

  it.for(['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__', 'isPrototypeOf', 'propertyIsEnumerable'])(
    'a required parameter named %s is required, confirmed and passed as given, through a real index',
    async (name, context) => {
      const index = openIndex({path: ':memory:'})
      try {
        await index.load(namedDocument(name), {cassette: 'names'})
        const inputs: Array<Record<string, unknown>> = []
        const executors = {names: {execute: async (_call: unknown, input: Record<string, unknown>) => (inputs.push(input), {ok: true})}}
        await expect(index.execute('names', 'op', {}, {scopes: [], executors})).rejects.toMatchObject({kind: 'invalid_input', problems: [{source: 'input', pointer: `/${name}`, message: 'is required but missing'}]})
        await expect(index.execute('names', 'op', {}, {scopes: [], executors, dryRun: true})).rejects.toMatchObject({kind: 'invalid_input'})
        await expect(index.execute('names', 'op', own(name, 5), {scopes: [], executors, confirm: '5'})).rejects.toMatchObject({kind: 'invalid_input', problems: [expect.objectContaining({pointer: `/${name}`})]})
        await expect(index.execute('names', 'op', own(name, 'x'), {scopes: [], executors})).rejects.toMatchObject({kind: 'confirmation_required'})
        await expect(index.execute('names', 'op', own(name, 'x'), {scopes: [], executors, confirm: 'x'})).resolves.toEqual({result: {ok: true}})
        expect(inputs).toHaveLength(1)
        expect(Object.hasOwn(inputs[0]!, name) && inputs[0]![name]).toBe('x')
      } finally {
        index.close()
      }
      tally(context, 'hostile schemas tried', 1)
    },
  )
})

/** Links of a chain of schemas, each wrapping a `$ref` to the next in another keyword. */
const LINKS: ReadonlyArray<readonly [string, (next: unknown) => unknown]> = [
  ['anyOf and unevaluatedProperties', (next) => ({anyOf: [next, {type: 'string'}], unevaluatedProperties: false})],
  ['allOf and unevaluatedProperties', (next) => ({allOf: [next], unevaluatedProperties: false})],
  ['oneOf and unevaluatedItems', (next) => ({oneOf: [next, {type: 'string'}], unevaluatedItems: false})],
  ['if, then and else', (next) => ({if: {type: 'object'}, then: next, else: {type: 'string'}, unevaluatedProperties: false})],
  ['if', (next) => ({if: next, then: {minProperties: 1}})],
  ['dependentSchemas', (next) => ({dependentSchemas: {a: next}, unevaluatedProperties: false})],
  ['not', (next) => ({not: {not: next}})],
  ['properties', (next) => ({type: 'object', properties: {a: next}})],
  ['additionalProperties', (next) => ({additionalProperties: next})],
  ['items', (next) => ({items: next})],
  ['prefixItems and unevaluatedItems', (next) => ({prefixItems: [next], unevaluatedItems: false})],
  ['a bare $ref', (next) => next],
]

/** A document whose input schema is a chain of `length` links, through components or through one component's `$defs`. */
function chainDocument(link: (next: unknown) => unknown, length: number, through: 'components' | '$defs'): Record<string, unknown> {
  const base = through === 'components' ? '#/components/schemas/' : '#/components/schemas/Root/$defs/'
  const chain: Record<string, unknown> = {}
  for (let i = 0; i < length; i++) chain[`S${i}`] = i === length - 1 ? {type: 'object'} : link({$ref: `${base}S${i + 1}`})
  const schemas = through === 'components' ? chain : {Root: {$defs: chain, $ref: `${base}S0`}}
  return bodyDocument({type: 'object', properties: {v: {$ref: `${base}S0`}}}, {schemas})
}

describe('every schema a document may hold compiles (round three, defect 9)', () => {
  const DEEP = `more than ${LIMITS.referenceDepth} schemas deep`

  it.for(LINKS.flatMap(([name, link]) => (['components', '$defs'] as const).map((through) => ({name, link, through}))))(
    'a chain of $name through $through: the longest valid one executes, one link more is refused with its pointer',
    async ({link, through}, context) => {
      let longest = 1
      while (checkDocument(chainDocument(link, longest + 1, through)).document !== null) longest++
      // The limit counts levels, so no chain of a link this size gets far past it.
      expect(longest).toBeLessThan(LIMITS.referenceDepth)
      const {problems} = checkDocument(chainDocument(link, longest + 1, through))
      expect(problems).toContainEqual({pointer: expect.stringMatching(/^\/(components|paths)\//), message: expect.stringContaining(DEEP)})
      const records = [...validateDocument(chainDocument(link, longest, through)).operations]
      for (const input of [{v: {}}, {v: 'x'}, {v: [1]}]) {
        const answer = await outcome(executeOperation(new FakeCatalog({bounds: records}), 'bounds', 'op', input, {scopes: [], executors: {bounds: {execute: async () => ({ok: true})}}}))
        // Run, or refused for the input: never a schema that cannot compile.
        if (answer instanceof TamaError) expect(answer.kind).toBe('invalid_input')
        else expect(answer).toEqual({result: {ok: true}})
      }
      tally(context, 'hostile schemas tried', longest + 2)
    },
  )

  it('chains mixing links, with schemas nested inside each link, are refused past the limit or execute', async (context) => {
    const random = new SeededRandom(SEED + 9)
    const count = scaled(12, 200)
    const seen = {refused: 0, executed: 0}
    for (let run = 0; run < count; run++) {
      const length = random.int(10, 90)
      const schemas: Record<string, unknown> = {}
      for (let i = 0; i < length; i++) {
        let schema: unknown = i === length - 1 ? {type: 'object'} : {$ref: `#/components/schemas/S${i + 1}`}
        for (let level = random.int(1, 3); level > 0; level--) schema = random.pick(LINKS)[1](schema)
        schemas[`S${i}`] = schema
      }
      const document = bodyDocument({type: 'object', properties: {v: {$ref: '#/components/schemas/S0'}}}, {schemas})
      const {document: valid, problems} = checkDocument(document)
      if (valid === null) {
        expect(problems, JSON.stringify(problems[0])).toContainEqual(expect.objectContaining({message: expect.stringMatching(new RegExp(`${DEEP}|more than ${LIMITS.inPlaceApplications} subschemas`))}))
        seen.refused++
        continue
      }
      const answer = await outcome(executeOperation(new FakeCatalog({bounds: [...valid.operations]}), 'bounds', 'op', {v: {}}, {scopes: [], executors: {bounds: {execute: async () => ({ok: true})}}}))
      if (answer instanceof TamaError) expect(answer.kind, answer.message).toBe('invalid_input')
      seen.executed++
    }
    // Both sides of the limit were tried.
    expect(seen.refused).toBeGreaterThan(0)
    expect(seen.executed).toBeGreaterThan(0)
    tally(context, 'hostile schemas tried', count)
  })

  it.for(LINKS)('a chain of %s twice as deep as the limit allows still compiles in the validator, with a deep stack below it', ([, link]) => {
    // The margin: the limit sits at most half way to where compiling overflows the stack.
    const defs: Record<string, unknown> = {}
    const length = LIMITS.referenceDepth
    for (let i = 0; i < length; i++) defs[`S${i}`] = i === length - 1 ? {type: 'object'} : link({$ref: `#/$defs/S${i + 1}`})
    const below = (frames: number): unknown => (frames === 0 ? [false, true].map((allErrors) => new Ajv2020({allErrors, strict: false}).compile({$defs: defs, $ref: '#/$defs/S0'})({})) : below(frames - 1))
    expect(below(2000)).toHaveLength(2)
  })

  it('refuses a stored schema past the limit as verification_failed, at its pointer, before compiling it', () => {
    const [record] = validateDocument(chainDocument(LINKS[0]![1], 20, '$defs')).operations
    const defs: Record<string, unknown> = {}
    for (let i = 0; i < 150; i++) defs[`S${i}`] = i === 149 ? {type: 'object'} : LINKS[0]![1]({$ref: `#/$defs/S${i + 1}`})
    const stored = {...record!, inputSchema: {$defs: defs, type: 'object', properties: {v: {$ref: '#/$defs/S0'}}}}
    expect(() => new SchemaValidator().problems(stored.inputSchema, {v: {}})).toThrow(expect.objectContaining({kind: 'verification_failed', message: expect.stringContaining(DEEP)}))
  })
})
