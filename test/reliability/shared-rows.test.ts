import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {buildCassette} from '../../src/core/cassette/write/build-cassette.js'
import {sha256Hex} from '../../src/core/cassette/index.js'
import {TamaError} from '../../src/core/errors/tama-error.js'
import {type TamaIndex, openIndex} from '../../src/core/host-index/index.js'
import {readDocumentFile} from '../../src/core/profile/index.js'
import type {SqliteDatabase} from '../../src/core/sqlite/driver.js'
import {PROJECT_ROOT} from '../helpers/cli.js'
import {fixtureDocuments, withSql} from '../core/cassette/cassette-kit.js'
import {tally} from './counts.js'
import {SeededRandom} from './seeded-random.js'
import {SEED, scaled} from './soak.js'

/**
 * A pinned cassette carries rows that several cassettes share in an index: scope sets,
 * their members, and per-term operation counts. Whatever it says there, it must not change
 * who may see or run another cassette's operations, nor how they rank, not even after it
 * is removed: an index that installed it must answer exactly as one that installed the
 * good cassette instead.
 */

const CALLERS: ReadonlyArray<readonly string[]> = [[], ['pets.read'], ['pets.write'], ['admin'], ['pets.read', 'pets.write'], ['pets.read', 'pets.write', 'store.read', 'admin']]
const QUERIES = ['list pets', 'remove a pet for good', 'reset the shelter', 'opening hours', 'orders', 'sheltered pets']
const OPERATIONS: ReadonlyArray<readonly [string, string]> = [
  ['pets', 'pets_list'],
  ['pets', 'pets_create'],
  ['pets', 'pets_delete'],
  ['shelter', 'shelter_pets_list'],
  ['shelter', 'shelter_pet_delete'],
  ['shelter', 'shelter_reset'],
  ['shelter', 'shelter_hours'],
]
const SCOPE_POOL = ['pets.read', 'pets.write', 'store.read', 'admin', 'nobody.has', 'x']

let dir: string
let good: Uint8Array
let shelter: unknown

/** What every caller sees of the index: each query's answer and which operations it may read. */
function seen(index: TamaIndex): unknown {
  return {
    searches: QUERIES.flatMap((query) => CALLERS.map((scopes) => index.search(query, {scopes, limit: 50}))),
    visible: CALLERS.map((scopes) => OPERATIONS.filter(([cassette, id]) => visible(index, cassette, id, scopes)).map(([cassette, id]) => `${cassette}/${id}`)),
  }
}

function visible(index: TamaIndex, cassette: string, operationId: string, scopes: readonly string[]): boolean {
  try {
    index.operation(cassette, operationId, {scopes})
    return true
  } catch (error) {
    if (error instanceof TamaError && error.kind === 'not_found') return false
    throw error
  }
}

/** Imports `pets` pinned, loads the other producer's document, removes `pets`: what callers see at each step (null when the import was refused). */
async function history(bytes: Uint8Array): Promise<{installed: unknown; shared: unknown; removed: unknown}> {
  const file = join(dir, `pets-${sha256Hex(bytes).slice(0, 12)}.tama-cassette`)
  writeFileSync(file, bytes)
  const index = openIndex({path: ':memory:'})
  try {
    const imported = await index.import(file, {sha256: sha256Hex(bytes)}).catch((error: unknown) => error)
    if (imported instanceof TamaError) {
      expect(imported.kind).toBe('verification_failed')
      return {installed: null, shared: null, removed: null}
    }
    if (imported instanceof Error) throw imported
    const installed = seen(index)
    await index.load(shelter, {cassette: 'shelter'})
    const shared = seen(index)
    await index.remove('pets')
    return {installed, shared, removed: seen(index)}
  } finally {
    index.close()
    rmSync(file)
  }
}

interface Mutation {
  readonly name: string
  readonly change: (db: SqliteDatabase) => void
}

/** The three rows of the attacks first seen: a set whose members are gone, a set with a member too many, counts understated. */
const SEEN: Mutation[] = [
  {name: 'the pets.write set has no members', change: (db) => db.exec(`DELETE FROM search_operation_scope_members WHERE set_id = (SELECT id FROM search_operation_scope_sets WHERE scopes = '["pets.write"]')`)},
  {name: 'the pets.read set has a member too many', change: (db) => db.exec(`INSERT INTO search_operation_scope_members (set_id, scope) SELECT id, 'nobody.has' FROM search_operation_scope_sets WHERE scopes = '["pets.read"]'`)},
  {name: 'every term count is 1', change: (db) => db.exec('UPDATE search_operation_terms SET docs = 1')},
  {name: 'an unused admin set with no members', change: (db) => db.exec(`INSERT INTO search_operation_scope_sets (scopes) VALUES ('["admin"]')`)},
  {name: 'a second pets.write set with no members', change: (db) => db.exec(`INSERT INTO search_operation_scope_sets (scopes) VALUES ('["pets.write"]')`)},
]

/** Random lies about the shared rows: members dropped and added, sets added, counts changed, dropped and added. */
function randomMutation(random: SeededRandom, n: number): {steps: string[]; change: (db: SqliteDatabase) => void} {
  const steps: string[] = []
  const change = (db: SqliteDatabase): void => {
    const sets = db.prepare<{id: number}>('SELECT id FROM search_operation_scope_sets').all().map((row) => row.id)
    for (let step = random.int(1, 4); step > 0; step--) {
      switch (random.int(0, 5)) {
        case 0:
          steps.push('drop members')
          db.prepare('DELETE FROM search_operation_scope_members WHERE random() % ? = 0').run(random.int(1, 3))
          break
        case 1: {
          const scope = random.pick(SCOPE_POOL)
          steps.push(`add member ${scope}`)
          db.prepare('INSERT OR IGNORE INTO search_operation_scope_members (set_id, scope) VALUES (?, ?)').run(random.pick(sets), scope)
          break
        }
        case 2: {
          const scopes = JSON.stringify(random.sample(SCOPE_POOL, random.int(0, 2)).sort())
          steps.push(`add set ${scopes}`)
          const id = Number(db.prepare('INSERT INTO search_operation_scope_sets (scopes) VALUES (?)').run(scopes).lastInsertRowid)
          if (random.int(0, 1) === 1) db.prepare('INSERT INTO search_operation_scope_members (set_id, scope) SELECT ?, value FROM json_each(?)').run(id, scopes)
          break
        }
        case 3:
          steps.push('change counts')
          db.prepare('UPDATE search_operation_terms SET docs = max(1, min(?, docs + (random() % 3))) WHERE random() % 2 = 0').run(n)
          break
        case 4:
          steps.push('drop counts')
          db.prepare('DELETE FROM search_operation_terms WHERE random() % 2 = 0').run()
          break
        default: {
          const term = random.pick(['shelter', 'pet', 'hour', 'reset', 'remov', 'list', 'open'])
          steps.push(`add count ${term}`)
          db.prepare('INSERT OR IGNORE INTO search_operation_terms (term, docs) VALUES (?, ?)').run(term, random.int(1, n))
        }
      }
    }
  }
  return {steps, change}
}

let reference: Awaited<ReturnType<typeof history>>

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-shared-rows-'))
  const file = join(dir, 'pets.tama-cassette')
  await buildCassette({name: 'pets', version: '1.2.0', documents: fixtureDocuments('pets.yaml', 'store.json')}, file)
  good = readFileSync(file)
  shelter = await readDocumentFile(join(PROJECT_ROOT, 'test/fixtures/reliability/shelter.yaml'))
  reference = await history(good)
}, 60_000)

afterAll(() => rmSync(dir, {recursive: true, force: true}))

describe('a pinned cassette that lies about the rows cassettes share', () => {
  it('leaves the reference history as the good cassette makes it', () => {
    // The good cassette's own history: its write operations need pets.write, the other producer's reset needs admin.
    const {visible} = reference.shared as {visible: string[][]}
    expect(visible[0]).toEqual(['shelter/shelter_hours'])
    expect(visible[2]).toEqual(['pets/pets_create', 'pets/pets_delete', 'shelter/shelter_pet_delete', 'shelter/shelter_hours'])
    expect(visible[3]).toEqual(['shelter/shelter_reset', 'shelter/shelter_hours'])
    expect(visible[4]).toEqual(['pets/pets_list', 'pets/pets_create', 'pets/pets_delete', 'shelter/shelter_pets_list', 'shelter/shelter_pet_delete', 'shelter/shelter_hours'])
  })

  it.for(SEEN)('$name: every caller sees what the good cassette gives, installed, beside another producer, and after removal', {timeout: 30_000}, async ({change}, context) => {
    const got = await history(withSql(good, dir, change))
    expect(got).toEqual(reference)
    tally(context, 'shared rows tried', 1)
  })

  it('random lies about shared rows change nothing any caller sees', {timeout: 300_000}, async (context) => {
    const random = new SeededRandom(SEED)
    const cases = scaled(12, 200)
    let installed = 0
    for (let run = 0; run < cases; run++) {
      const mutation = randomMutation(random, 3)
      const got = await history(withSql(good, dir, mutation.change))
      // A copy may refuse the rows; it may never install them with another meaning.
      if (got.installed === null) continue
      expect(got, mutation.steps.join(', ')).toEqual(reference)
      installed++
    }
    // Lies that only the host's derivation catches, not the copy's checks, are most of them.
    expect(installed).toBeGreaterThan(cases / 2)
    tally(context, 'shared rows tried', cases)
  })
})
