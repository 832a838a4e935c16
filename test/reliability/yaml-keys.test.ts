import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {TamaError} from '../../src/core/errors/tama-error.js'
import {openIndex} from '../../src/core/host-index/index.js'
import {readDocumentFile} from '../../src/core/profile/index.js'
import {runCli} from '../helpers/cli.js'
import {tally} from './counts.js'
import {SeededRandom} from './seeded-random.js'
import {SEED, scaled} from './soak.js'

// Pairs of keys that one mapping cannot hold both of: YAML, or a reader of the value, takes them for one.
const COLLIDING: ReadonlyArray<readonly [string, string]> = [
  ['1', '"1"'],
  ["'1'", '!!str 1'],
  ['true', '"true"'],
  ['null', '"null"'],
  ['null', '~'],
  ['1', '0x1'],
  ['1', '1.0'],
  ['1', '+1'],
  ['100', '1e2'],
  ['name', '"n\\x61me"'],
  ['name', "'name'"],
]

// Where the pair stands: the constrained property of a body, of a nested object, of a parameter's schema.
const PLACES = ['body', 'nested', 'parameter'] as const

/**
 * A document whose body (or parameter) property is written twice: first limited to 3
 * characters, then unconstrained. Read as the later key, it would accept any length.
 */
function collidingDocument(first: string, second: string, place: (typeof PLACES)[number]): string {
  const properties = (indent: string) => `${indent}${first}: {type: string, maxLength: 3}\n${indent}${second}: {type: string}\n`
  const body =
    place === 'parameter'
      ? ''
      : `      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              properties:
${place === 'body' ? properties('                ') : `                inner:\n                  type: object\n                  properties:\n${properties('                    ')}`}`
  const parameters =
    place === 'parameter'
      ? `      parameters:
        - name: filter
          in: query
          content:
            application/json:
              schema:
                type: object
                properties:
${properties('                  ')}`
      : ''
  return `openapi: 3.1.0
x-tama-profile: tama-operations/1
info: {title: Keys, version: 1.0.0}
paths:
  /things:
    post:
      operationId: things_post
      summary: Post a thing
      x-tama-scopes: []
${parameters}${body}      responses:
        '200': {description: OK}
`
}

let dir: string

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tama-yaml-keys-'))
})

afterAll(() => rmSync(dir, {recursive: true, force: true}))

describe('a YAML property written twice under keys that collide', () => {
  it('is refused, located, and installs nothing, whichever pair and wherever it stands', async (context) => {
    const random = new SeededRandom(SEED)
    const cases = [...COLLIDING.flatMap(([first, second]) => PLACES.map((place) => ({first, second, place}))), ...Array.from({length: scaled(0, 200)}, () => ({...pickPair(random), place: random.pick(PLACES)}))]
    const index = openIndex({path: join(dir, 'library.sqlite3')})
    const accepted: string[] = []
    try {
      for (const [n, {first, second, place}] of cases.entries()) {
        const file = join(dir, `keys-${n}.yaml`)
        writeFileSync(file, collidingDocument(first, second, place))
        try {
          await index.load(await readDocumentFile(file), {cassette: 'keys'})
          accepted.push(`${first} then ${second} in the ${place}`)
        } catch (error) {
          if (!(error instanceof TamaError) || error.kind !== 'invalid_document') throw error
          expect(error.problems.length).toBeGreaterThan(0)
          expect(error.problems.every((problem) => / at line \d+, column \d+/.test(problem.message))).toBe(true)
        }
      }
      expect(accepted).toEqual([])
      expect(index.cassettes()).toEqual([])
      // The same documents with two distinct keys load: the refusals above are the keys'.
      for (const place of PLACES) {
        const file = join(dir, `distinct-${place}.yaml`)
        writeFileSync(file, collidingDocument('1', '"2"', place))
        await index.load(await readDocumentFile(file), {cassette: `keys_${place}`})
      }
      expect(index.cassettes().length).toBe(PLACES.length)
    } finally {
      index.close()
    }
    tally(context, 'colliding keys tried', cases.length)
  })

  it('never lets the unconstrained copy through the CLI: the load is refused and the input limit holds', async (context) => {
    const file = join(dir, 'exploit.yaml')
    const index = join(dir, 'cli.sqlite3')
    writeFileSync(file, collidingDocument('1', '"1"', 'body'))
    const loaded = await runCli(['index', 'load', file, '--cassette', 'keys', '--index', index])
    expect({code: loaded.code, stderr: loaded.stderr}).toEqual({code: 3, stderr: expect.stringMatching(/Duplicate key "1" at line \d+, column \d+/)})
    const executed = await runCli(['execute', 'keys', 'things_post', '--input', JSON.stringify({1: 'x'.repeat(10_000)}), '--dry-run', '--index', index])
    expect(executed.code).not.toBe(0)
    tally(context, 'colliding keys tried', 1)
  })
})

function pickPair(random: SeededRandom): {first: string; second: string} {
  const [first, second] = random.pick(COLLIDING)
  return random.next() < 0.5 ? {first, second} : {first: second, second: first}
}
