import {readdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import {Ajv2020} from 'ajv/dist/2020.js'
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'

import {TamaError} from '../../../../src/core/errors/tama-error.js'
import {checkDocument, LIMITS, PROFILE, readDocumentFile, validateDocument} from '../../../../src/core/profile/index.js'
import {PROJECT_ROOT} from '../../../helpers/cli.js'

const FIXTURES = join(PROJECT_ROOT, 'test/fixtures/profile')

interface ExpectedProblem {
  readonly pointer: string
  /** A substring of the message. */
  readonly message: string
}

function fixtures(kind: 'valid' | 'invalid'): string[] {
  return readdirSync(join(FIXTURES, kind))
    .filter((name) => !name.endsWith('.expected.json'))
    .sort()
}

function expected<T>(kind: 'valid' | 'invalid', name: string): T {
  return JSON.parse(readFileSync(join(FIXTURES, kind, name.replace(/\.(ya?ml|json)$/, '.expected.json')), 'utf8')) as T
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const member of Object.values(value)) deepFreeze(member)
  }
  return value
}

describe.each(fixtures('invalid'))('invalid document %s', (name) => {
  it('reports exactly the expected problems, each at its pointer', async () => {
    const want = expected<ExpectedProblem[]>('invalid', name)
    const {document, problems} = checkDocument(await readDocumentFile(join(FIXTURES, 'invalid', name)), {source: name})
    expect(document).toBeNull()
    for (const problem of want) {
      expect(problems, `no problem at ${problem.pointer} with "${problem.message}"`).toContainEqual({source: name, pointer: problem.pointer, message: expect.stringContaining(problem.message)})
    }
    expect(problems).toHaveLength(want.length)
  })

  it('throws one invalid_document TamaError carrying the same problems from validateDocument', async () => {
    const document = await readDocumentFile(join(FIXTURES, 'invalid', name))
    const {problems} = checkDocument(document, {source: name})
    const error = (() => {
      try {
        validateDocument(document, {source: name})
      } catch (caught) {
        return caught
      }
      return undefined
    })()
    expect(error).toBeInstanceOf(TamaError)
    expect(error).toMatchObject({kind: 'invalid_document', problems})
    expect((error as TamaError).message).toMatch(new RegExp(`^${name.replaceAll('.', '\\.')}: ${problems.length} problems?, the first at #`))
  })
})

describe.each(fixtures('valid'))('valid document %s', (name) => {
  it('normalises every operation as expected, in operationId order', async () => {
    const want = expected<{info?: object; operations: Array<Record<string, unknown> & {operationId: string}>}>('valid', name)
    const document = validateDocument(await readDocumentFile(join(FIXTURES, 'valid', name)), {source: name})
    if (want.info) expect(document.info).toEqual(want.info)
    expect(document.operations.map((operation) => operation.operationId)).toEqual(want.operations.map((operation) => operation.operationId))
    document.operations.forEach((record, index) => {
      for (const [field, value] of Object.entries(want.operations[index]!)) expect(record[field as keyof typeof record], `${record.operationId}.${field}`).toEqual(value)
    })
  })

  it('gives the same records, key order included, for a copy of the document, and never changes it', async () => {
    const document = deepFreeze(await readDocumentFile(join(FIXTURES, 'valid', name)))
    const first = JSON.stringify(validateDocument(document))
    expect(JSON.stringify(validateDocument(structuredClone(document)))).toBe(first)
    expect(JSON.stringify(validateDocument(document))).toBe(first)
  })

  it('gives the same records whatever the order of object keys (a cassette stores canonical, key-sorted JSON)', async () => {
    const document = await readDocumentFile(join(FIXTURES, 'valid', name))
    expect(validateDocument(reverseKeys(document))).toEqual(validateDocument(document))
  })
})

function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(Object.entries(value).reverse().map(([key, inner]) => [key, reverseKeys(inner)]))
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, inner]) => [key, sortedKeys(inner)]))
}

/** Pointers of the objects whose keys are not in code-unit order. */
function unsortedObjects(value: unknown, pointer = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => unsortedObjects(item, `${pointer}/${index}`))
  if (value === null || typeof value !== 'object') return []
  const keys = Object.keys(value)
  const here = keys.some((key, index) => index > 0 && keys[index - 1]! >= key) ? [pointer] : []
  return [...here, ...Object.entries(value).flatMap(([key, inner]) => unsortedObjects(inner, `${pointer}/${key}`))]
}

describe.each([...fixtures('valid').map((name) => join(FIXTURES, 'valid', name)), join(PROJECT_ROOT, 'examples/incus.yaml'), join(PROJECT_ROOT, 'examples/runtime.yaml')])(
  'the schemas of %s',
  (path) => {
    it('make records whose objects all list their keys in code-unit order, from a document that does', async () => {
      const {operations} = validateDocument(sortedKeys(await readDocumentFile(path)))
      expect(operations.flatMap((operation) => unsortedObjects(operation).map((pointer) => `${operation.operationId}${pointer}`))).toEqual([])
    })

    it('each compile on their own: every $ref points into their own $defs', async () => {
      // OpenAPI's annotations (discriminator, example, …) are unknown keywords to a plain 2020-12 validator.
      const ajv = new Ajv2020({strict: false, logger: false})
      for (const operation of validateDocument(await readDocumentFile(path)).operations) {
        const schemas = [operation.inputSchema, operation.outputSchema, typeof operation.confirmation?.when === 'object' ? operation.confirmation.when : null]
        for (const schema of schemas.filter((schema) => schema !== null)) {
          expect(() => ajv.compile(schema as object), `${operation.operationId}: ${JSON.stringify(schema)}`).not.toThrow()
        }
      }
    })
  },
)

describe('the examples', () => {
  it.each([
    {given: 'incus.yaml', want: {operations: 36, scopes: ['incus.admin', 'incus.read', 'incus.write']}},
    {given: 'runtime.yaml', want: {operations: 9, scopes: ['runtime.admin', 'runtime.operate', 'runtime.read']}},
  ])('$given is valid', async ({given, want}) => {
    const document = validateDocument(await readDocumentFile(join(PROJECT_ROOT, 'examples', given)), {source: given})
    expect(document.info.profile).toBe(PROFILE)
    expect(document.operations).toHaveLength(want.operations)
    expect([...new Set(document.operations.flatMap((operation) => operation.scopes))].sort()).toEqual(want.scopes)
    expect(document.operations.some((operation) => operation.destructive && operation.confirmation?.echo)).toBe(true)
    expect(document.operations.some((operation) => typeof operation.confirmation?.when === 'object')).toBe(true)
  })

  it('incus.yaml shows each kind of input of docs/profile.md', async () => {
    const {operations} = validateDocument(await readDocumentFile(join(PROJECT_ROOT, 'examples/incus.yaml')))
    const byId = new Map(operations.map((operation) => [operation.operationId, operation]))
    expect(byId.get('instance_get')!.parameters).toEqual([
      {name: 'name', in: 'path', required: true},
      {name: 'project', in: 'query', required: false},
    ])
    expect(byId.get('instances_post')!.body).toEqual({mode: 'input', contentType: 'application/json', required: true})
    expect(byId.get('instance_put')!.body).toEqual({mode: 'property', contentType: 'application/json', required: true})
    expect(byId.get('instance_delete')!.confirmation).toEqual({
      when: 'always',
      echo: 'name',
      message: 'Deleting an instance destroys its root disk, snapshots and backups.',
    })
    expect(byId.get('operation_delete')).toMatchObject({destructive: true, confirmation: null})
  })
})

describe('checkDocument', () => {
  it('names the source on every problem only when given one', () => {
    expect(checkDocument(42).problems).toEqual([{pointer: '', message: expect.stringContaining('but it is an integer')}])
    expect(checkDocument(null, {source: 'x.json'}).problems).toEqual([{source: 'x.json', pointer: '', message: expect.stringContaining('but it is null')}])
  })

  it(`refuses more than ${LIMITS.operations} operations`, () => {
    const paths = Object.fromEntries(Array.from({length: LIMITS.operations + 1}, (_, index) => [`/o${index}`, {get: {operationId: `o${index}`, summary: 'o'}}]))
    const {problems} = checkDocument({openapi: '3.1.0', 'x-tama-profile': PROFILE, 'x-tama-scopes': [], info: {title: 't', version: '1'}, paths})
    expect(problems).toEqual([{pointer: '/paths', message: `The document has ${LIMITS.operations + 1} operations; the limit is ${LIMITS.operations}. Split it into several documents.`}])
  })

  it(`refuses an input or \`when\` schema of more than ${LIMITS.operationSubschemas} subschemas once bundled, as execute compiles them`, () => {
    const operation = (body: unknown, when?: unknown) => ({
      openapi: '3.1.0',
      'x-tama-profile': PROFILE,
      'x-tama-scopes': [],
      info: {title: 't', version: '1'},
      components: {schemas: {Pair: {type: 'object', properties: {a: {type: 'string'}, b: {type: 'string'}}}}},
      paths: {'/o': {post: {operationId: 'o', summary: 'o', ...(when === undefined ? {} : {'x-tama-confirmation': {when}}), requestBody: {content: {'application/json': {schema: body}}}, responses: {'200': {description: 'OK'}}}}},
    })
    const wide = (count: number) => ({type: 'object', properties: Object.fromEntries(Array.from({length: count}, (_, i) => [`p${i}`, {type: 'string'}]))})
    expect(checkDocument(operation(wide(LIMITS.operationSubschemas - 1))).problems).toEqual([])
    expect(checkDocument(operation(wide(LIMITS.operationSubschemas))).problems).toEqual([{pointer: '/paths/~1o/post', message: expect.stringContaining(`input schema holds more than ${LIMITS.operationSubschemas} subschemas`)}])
    expect(checkDocument(operation({type: 'object'}, wide(LIMITS.operationSubschemas))).problems).toEqual([{pointer: '/paths/~1o/post/x-tama-confirmation', message: expect.stringContaining('`when` schema holds more than')}])
    // A schema shared through `$ref` is compiled once, in `$defs`; one object used in many places (a YAML alias) is compiled at each.
    const byReference = {type: 'object', properties: Object.fromEntries(Array.from({length: 1500}, (_, i) => [`p${i}`, {$ref: '#/components/schemas/Pair'}]))}
    expect(checkDocument(operation(byReference)).problems).toEqual([])
    const alias = {type: 'string'}
    const byAlias = {type: 'object', properties: Object.fromEntries(Array.from({length: LIMITS.operationSubschemas}, (_, i) => [`p${i}`, alias]))}
    expect(checkDocument(operation(byAlias)).problems).toEqual([{pointer: '/paths/~1o/post', message: expect.stringContaining('subschemas')}])
  })

  it('reports a schema nested past the depth limit instead of overflowing the stack', () => {
    let schema: object = {type: 'string'}
    for (let depth = 0; depth < 20_000; depth++) schema = {items: schema}
    const document = {openapi: '3.1.0', 'x-tama-profile': PROFILE, 'x-tama-scopes': [], info: {title: 't', version: '1'}, components: {schemas: {Deep: schema}}}
    const {problems} = checkDocument(document)
    expect(problems).toHaveLength(1)
    expect(problems[0]!.message).toContain(`nested more than ${LIMITS.depth} deep`)
  })

  it('never throws, whatever JSON value it is given', () => {
    fc.assert(
      fc.property(fc.jsonValue({maxDepth: 6}), (value) => {
        const {document, problems} = checkDocument(value)
        expect(document === null).toBe(problems.length > 0)
      }),
      {numRuns: 300},
    )
  })

  it('never throws when any part of a valid document is replaced by another JSON value', async () => {
    const incus = await readDocumentFile(join(PROJECT_ROOT, 'examples/incus.yaml'))
    const places = pointers(incus)
    fc.assert(
      fc.property(fc.constantFrom(...places), fc.jsonValue({maxDepth: 3}), (place, value) => {
        const {document, problems} = checkDocument(replaced(incus, place, value))
        expect(document === null).toBe(problems.length > 0)
        for (const problem of problems) expect(problem.pointer === '' || problem.pointer.startsWith('/')).toBe(true)
      }),
      {numRuns: 300},
    )
  })
})

/** Every place in a JSON value, as token lists. */
function pointers(value: unknown, at: string[] = [], out: string[][] = []): string[][] {
  out.push(at)
  if (typeof value === 'object' && value !== null) for (const [key, member] of Object.entries(value)) pointers(member, [...at, key], out)
  return out
}

function replaced(root: unknown, at: readonly string[], value: unknown): unknown {
  if (at.length === 0) return value
  const copy = structuredClone(root) as Record<string, unknown>
  let parent = copy
  for (const token of at.slice(0, -1)) parent = parent[token] as Record<string, unknown>
  parent[at.at(-1)!] = value
  return copy
}
