import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {buildCassette} from '../../src/core/cassette/write/build-cassette.js'
import {openIndex} from '../../src/core/host-index/index.js'
import {profileDocument} from '../helpers/documents.js'
import {parseJson, runCli} from '../helpers/cli.js'
import {tally} from './counts.js'
import {observe} from './index-snapshot.js'

let dir: string
/** Cassettes all named "pets", from two producers, at several versions. */
const pets: Record<string, {file: string; sha256: string}> = {}

async function petsCassette(producer: string, version: string): Promise<{file: string; sha256: string}> {
  const file = join(dir, `pets-${producer}-${version}.tama-cassette`)
  const document = profileDocument(`Pets by ${producer}`, [{id: `${producer}_pets_list`, summary: `List the pets of ${producer}`}], version)
  const built = await buildCassette({name: 'pets', version, documents: [{source: producer, document}]}, file)
  return {file, sha256: built.sha256}
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-takeover-'))
  for (const [producer, version] of [['alice', '2.0.0'], ['alice', '2.0.0-rc.1'], ['alice', '2.0.0+build.7'], ['mallory', '1.9.9'], ['mallory', '2.1.0'], ['mallory', '10.0.0']] as const) {
    pets[`${producer}@${version}`] = await petsCassette(producer, version)
  }
}, 60_000)

afterAll(() => rmSync(dir, {recursive: true, force: true}))

/**
 * Importing a cassette under an installed name replaces that cassette, whoever made it.
 * The host decides, but is told: the result names what was replaced, and the host can
 * refuse a lower version than the one installed.
 */
describe.each([
  {where: 'a file index (install worker)', path: () => join(mkdtempSync(join(dir, 'index-')), 'index.sqlite3')},
  {where: 'an in-memory index', path: () => ':memory:'},
])('replacing an installed cassette, in $where', ({path}) => {
  it('reports the cassette it replaced, with its version, digest and mode; nothing on a first or unchanged install', async (context) => {
    const index = openIndex({path: path()})
    try {
      const first = await index.import(pets['alice@2.0.0']!.file, {sha256: pets['alice@2.0.0']!.sha256})
      expect(first).toMatchObject({cassette: 'pets', version: '2.0.0', changed: true, replaced: null})
      const again = await index.import(pets['alice@2.0.0']!.file, {sha256: pets['alice@2.0.0']!.sha256})
      expect(again).toMatchObject({changed: false, replaced: null})
      const taken = await index.import(pets['mallory@1.9.9']!.file)
      expect(taken).toMatchObject({cassette: 'pets', version: '1.9.9', digest: pets['mallory@1.9.9']!.sha256, mode: 'rebuild', changed: true, replaced: {version: '2.0.0', digest: pets['alice@2.0.0']!.sha256, mode: 'copy'}})
      const loaded = await index.load(profileDocument('Pets by bob', [{id: 'bob_pets_list'}], '0.1.0'), {cassette: 'pets'})
      expect(loaded).toMatchObject({version: '0.1.0', mode: 'load', replaced: {version: '1.9.9', digest: pets['mallory@1.9.9']!.sha256, mode: 'rebuild'}})
    } finally {
      index.close()
    }
    tally(context, 'index states tried', 4)
  })

  it.for([
    {installed: 'alice@2.0.0', incoming: 'mallory@1.9.9', refused: true},
    {installed: 'alice@2.0.0', incoming: 'alice@2.0.0-rc.1', refused: true},
    {installed: 'mallory@10.0.0', incoming: 'mallory@2.1.0', refused: true},
    {installed: 'alice@2.0.0', incoming: 'alice@2.0.0+build.7', refused: false},
    {installed: 'alice@2.0.0', incoming: 'mallory@2.1.0', refused: false},
    {installed: 'alice@2.0.0', incoming: 'mallory@10.0.0', refused: false},
    {installed: 'alice@2.0.0-rc.1', incoming: 'alice@2.0.0', refused: false},
  ])('refuseDowngrade: $incoming over $installed is refused: $refused', async ({installed, incoming, refused}, context) => {
    const index = openIndex({path: path()})
    try {
      await index.import(pets[installed]!.file)
      const before = observe(index, ['pets'], [[]])
      const attempt = index.import(pets[incoming]!.file, {refuseDowngrade: true})
      if (refused) {
        await expect(attempt).rejects.toMatchObject({
          kind: 'downgrade_refused',
          message: expect.stringMatching(new RegExp(`${incoming.split('@')[1]!.replaceAll('.', '\\.').replaceAll('+', '\\+')}.*lower than.*${installed.split('@')[1]!.replaceAll('.', '\\.')}`)),
          details: {cassette: 'pets', installed_version: installed.split('@')[1], version: incoming.split('@')[1]},
        })
        expect(observe(index, ['pets'], [[]])).toEqual(before)
      } else {
        await expect(attempt).resolves.toMatchObject({changed: true, replaced: {version: installed.split('@')[1]}})
      }
    } finally {
      index.close()
    }
    tally(context, 'index states tried', 1)
  })

  it('refuseDowngrade refuses when the installed version cannot be compared (a loaded document\'s version)', async () => {
    const index = openIndex({path: path()})
    try {
      await index.load(profileDocument('Pets', [{id: 'pets_list'}], '2024-06'), {cassette: 'pets'})
      await expect(index.import(pets['alice@2.0.0']!.file, {refuseDowngrade: true})).rejects.toMatchObject({kind: 'downgrade_refused', message: expect.stringContaining('2024-06')})
      expect(index.cassette('pets').version).toBe('2024-06')
    } finally {
      index.close()
    }
  })
})

describe('the CLI', () => {
  it('index import and index load say what they replaced; --refuse-downgrade exits 16 and changes nothing', async () => {
    const index = join(dir, 'cli.sqlite3')
    const first = await runCli(['index', 'import', pets['alice@2.0.0']!.file, '--index', index])
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).not.toContain('replacing')

    const refused = await runCli(['index', 'import', pets['mallory@1.9.9']!.file, '--refuse-downgrade', '--index', index, '--json'])
    expect(refused.code, refused.stdout).toBe(16)
    expect(parseJson<{error: {kind: string; message: string}}>(refused).error).toMatchObject({kind: 'downgrade_refused', message: expect.stringContaining('2.0.0')})
    const listed = await runCli(['index', 'list', '--index', index, '--json'])
    expect(parseJson<{cassettes: Array<{version: string}>}>(listed).cassettes.map((c) => c.version)).toEqual(['2.0.0'])

    const taken = await runCli(['index', 'import', pets['mallory@1.9.9']!.file, '--index', index])
    expect(taken.code, taken.stderr).toBe(0)
    expect(taken.stdout).toContain(
      `Installed pets 1.9.9 (rebuild, 1 operations), replacing pets 2.0.0 (rebuild, sha256 ${pets['alice@2.0.0']!.sha256.slice(0, 12)}; new sha256 ${pets['mallory@1.9.9']!.sha256.slice(0, 12)}), a higher version`,
    )

    const taker = join(dir, 'bob.json')
    writeFileSync(taker, JSON.stringify(profileDocument('Pets by bob', [{id: 'bob_pets_list'}], '3.0.0')))
    const loaded = await runCli(['index', 'load', taker, '--cassette', 'pets', '--index', index, '--json'])
    expect(loaded.code, loaded.stderr).toBe(0)
    expect(parseJson(loaded)).toMatchObject({version: '3.0.0', replaced: {version: '1.9.9', digest: pets['mallory@1.9.9']!.sha256, mode: 'rebuild'}})
  })
})
