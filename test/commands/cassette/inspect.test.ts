import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {parseJson, runCli} from '../../helpers/cli.js'
import {profileDocument} from '../../helpers/documents.js'
import {HOSTILE_CASSETTES, fixture, temporaryDirectory} from '../../core/cassette/cassette-kit.js'

const dir = temporaryDirectory()
const goodPath = join(dir.path, 'pets.tama-cassette')
let sha256: string

beforeAll(async () => {
  const built = await runCli(['cassette', 'build', '--name', 'pets', '--version', '1.2.0', '--document', fixture('pets.yaml'), '--document', fixture('store.json'), '--output', goodPath, '--json'])
  sha256 = parseJson<{sha256: string}>(built).sha256
})
afterAll(() => dir.remove())

describe('cassette inspect', () => {
  it('shows name, version, digest, documents and an aligned table of operations', async () => {
    const result = await runCli(['cassette', 'inspect', goodPath])
    expect(result).toMatchObject({code: 0, stderr: ''})
    expect(result.stdout).toContain('Cassette  pets 1.2.0')
    expect(result.stdout).toContain(`SHA-256   ${sha256}`)
    const table = result.stdout.slice(result.stdout.indexOf('Operations (5)')).split('\n').slice(1, 7)
    expect(table).toEqual([
      expect.stringMatching(/^OPERATION +SCOPES +DESTRUCTIVE +SUMMARY$/),
      expect.stringMatching(/^orders_get +store\.read +no +Returns one order with its lines\.$/),
      expect.stringMatching(/^orders_list +\(any caller\) +no +List orders$/),
      expect.stringMatching(/^pets_create +pets\.write +no +Add a pet$/),
      expect.stringMatching(/^pets_delete +pets\.write +yes +Remove a pet for good$/),
      expect.stringMatching(/^pets_list +pets\.read +no +List pets$/),
    ])
    // Aligned: every column starts at the same offset on every line.
    const offsets = table.map((line) => line.search(/(?<= )(no|yes|DESTRUCTIVE) /))
    expect(new Set(offsets).size).toBe(1)
  })

  it('escapes text from the file that could drive a terminal', async () => {
    const path = join(dir.path, 'escapes.tama-cassette')
    const built = await runCli(['cassette', 'build', '--name', 'escapes', '--version', '1.0.0', '--document', fixture('escapes.json'), '--output', path])
    expect(built.code).toBe(0)
    const result = await runCli(['cassette', 'inspect', path])
    expect(result.code).toBe(0)
    expect(result.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f\u202e]/)
    expect(result.stdout).toContain('Escapes \\u001b]0;pwned\\u0007')
    expect(result.stdout).toMatch(/^wipe +\(any caller\) +yes +Looks harmless\\u001b\[2J\\u001b\[1A\\u000d\\u202eyes$/m)
  })

  it('prints summaries whole when piped, and cuts them to the terminal\'s width only there', async () => {
    const summary = 'Delete every snapshot of the instance that is older than the retention period the project sets'
    const document = join(dir.path, 'long.json')
    writeFileSync(document, JSON.stringify(profileDocument('Long', [{id: 'snapshots_prune', summary, scopes: ['ops.write'], method: 'delete', destructive: true}])))
    const path = join(dir.path, 'long.tama-cassette')
    expect((await runCli(['cassette', 'build', '--name', 'long', '--version', '1.0.0', '--document', document, '--output', path])).code).toBe(0)
    const piped = await runCli(['cassette', 'inspect', path], {env: {COLUMNS: ''}})
    expect(piped.stdout).toMatch(new RegExp(`^snapshots_prune +ops\\.write +yes +${summary}$`, 'm'))
    for (const columns of [60, 80]) {
      const narrow = await runCli(['cassette', 'inspect', path], {env: {COLUMNS: String(columns)}})
      const row = narrow.stdout.split('\n').find((line) => line.startsWith('snapshots_prune'))!
      expect(row.length).toBe(columns)
      expect(row).toMatch(/ {2}Delete every \S.*…$/)
    }
  })

  it('prints the same facts as JSON', async () => {
    const result = await runCli(['cassette', 'inspect', goodPath, '--json'])
    expect(result.code).toBe(0)
    expect(parseJson(result)).toMatchObject({
      name: 'pets',
      version: '1.2.0',
      sha256,
      bytes: readFileSync(goodPath).length,
      documents: expect.arrayContaining([expect.objectContaining({title: 'Pets', version: '1.2.0'}), expect.objectContaining({title: 'Store', version: '0.3.0'})]),
      operations: expect.arrayContaining([{operation_id: 'pets_delete', summary: 'Remove a pet for good', scopes: ['pets.write'], destructive: true}]),
    })
  })

  it.each(HOSTILE_CASSETTES.filter(({given}) => ['a view added', 'a trigger calling a function', 'one flipped byte in a stored record', 'a newer format version'].includes(given.name)))(
    'checks the structure first and refuses $given.name with exit 4',
    async ({given, want}) => {
      const path = join(dir.path, `${given.name.replaceAll(' ', '-')}.tama-cassette`)
      writeFileSync(path, given.mutate(readFileSync(goodPath), dir.path))
      const result = await runCli(['cassette', 'inspect', path])
      expect(result.code).toBe(4)
      expect(result.stderr).toMatch(want.reason)
      expect(result.stdout).toBe('')
    },
  )
})
