import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {type TamaError, isTamaError} from '../../../src/core/errors/index.js'
import {type TamaIndex, openIndex} from '../../../src/core/host-index/index.js'
import {handleExecute} from '../../../src/core/mcp/index.js'
import {runCli} from '../../helpers/cli.js'
import {tally} from '../../reliability/counts.js'
import {SEED, scaled} from '../../reliability/soak.js'
import {SeededRandom} from '../../reliability/seeded-random.js'

let dir: string
let index: TamaIndex

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-not-visible-'))
  const path = join(dir, 'index.sqlite3')
  const loaded = await runCli(['index', 'load', 'examples/incus.yaml', '--cassette', 'incus', '--index', path])
  expect(loaded.code, loaded.stderr).toBe(0)
  index = openIndex({path, readonly: true})
})

afterAll(() => {
  index.close()
  rmSync(dir, {recursive: true, force: true})
})

async function refusal(run: () => unknown): Promise<TamaError> {
  try {
    await run()
  } catch (error) {
    if (isTamaError(error)) return error
    throw error
  }
  throw new Error('the call did not fail')
}

const READ = ['incus.read']

// Every way a caller names an operation it cannot use: the answer never says which way it was.
describe.each([
  {given: 'an unknown operation', cassette: 'incus', operation: 'instance_nope'},
  {given: 'an operation the scopes hide', cassette: 'incus', operation: 'instance_delete'},
  {given: 'an unknown cassette', cassette: 'nope', operation: 'instance_get'},
  {given: 'a name with terminal escapes', cassette: 'incus', operation: 'x\u001b[2J\u001b]0;owned\u0007'},
  {given: 'a name with a line break and quotes', cassette: 'in"cus\nfake: line', operation: 'instance_get'},
  {given: 'a very long name', cassette: 'incus', operation: 'a'.repeat(100_000)},
])('$given', ({cassette, operation}) => {
  it('is one not_found, whether asked for its record, executed, or executed through the MCP tool', async () => {
    const described = await refusal(() => index.operation(cassette, operation, {scopes: READ}))
    const executed = await refusal(() => index.execute(cassette, operation, {}, {scopes: READ, dryRun: true}))
    const tool = await handleExecute(index, {cassette, operation_id: operation.slice(0, 128), input: {}}, {scopes: READ}, {})
    for (const error of [described, executed]) {
      expect(error).toMatchObject({kind: 'not_found', remedy: {kind: 'search'}, details: {cassette: described.details.cassette, operation_id: described.details.operation_id}})
      expect(error.fault.startsWith(described.fault)).toBe(true)
      // The caller's names, escaped and shortened: nothing in them drives a terminal or floods a log.
      expect(error.message).not.toMatch(/[\u0000-\u001f\u007f]/)
      expect(error.message.length).toBeLessThan(400)
    }
    expect(executed.fault.slice(described.fault.length)).toMatch(/^(?: Did you mean [^?]+\?)?$/)
    expect(tool).toMatchObject({error: {kind: 'not_found', remedy: {kind: 'search'}}})
  })
})

it('answers a hidden operation exactly as an unknown one', async () => {
  const hidden = await refusal(() => index.execute('incus', 'instance_delete', {}, {scopes: [], dryRun: true}))
  const unknown = await refusal(() => index.execute('incus', 'instance_nothing', {}, {scopes: [], dryRun: true}))
  expect(hidden.toJSON()).toStrictEqual({...unknown.toJSON(), message: unknown.message.replaceAll('instance_nothing', 'instance_delete'), details: {...unknown.details, operation_id: 'instance_delete'}})
})

// Random names, from the characters a hostile caller reaches for: the same one answer, never a raw control character, never long.
it('answers any name the caller cannot use the same way, escaped and bounded', async (context) => {
  const random = new SeededRandom(SEED)
  const pieces = ['incus', 'instance_delete', 'instance_get', '\u001b[31m', '\n', '\r', '"', "'", '\\', '\u0000', '\u202e', '\u2028', '\ud800', '/', '..', ' ', 'é', 'x'.repeat(200)]
  const name = () => Array.from({length: random.int(1, 6)}, () => random.pick(pieces)).join('')
  const runs = scaled(200, 5_000)
  for (let run = 0; run < runs; run++) {
    const [cassette, operation] = random.next() < 0.5 ? ['incus', name()] : [name(), random.pick(['instance_get', name()])]
    // The one pair the reader may use is no case here.
    if (cassette === 'incus' && operation === 'instance_get') continue
    const described = await refusal(() => index.operation(cassette, operation, {scopes: READ}))
    const executed = await refusal(() => index.execute(cassette, operation, {}, {scopes: READ, dryRun: true}))
    for (const error of [described, executed]) {
      expect(error).toMatchObject({kind: 'not_found', remedy: {kind: 'search'}})
      expect(error.fault.startsWith(described.fault)).toBe(true)
      expect(error.message).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202e]/)
      expect(error.message.length).toBeLessThan(400)
    }
  }
  tally(context, 'unseen operations named', runs)
})
