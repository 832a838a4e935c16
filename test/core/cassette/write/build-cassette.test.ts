import diagnosticsChannel from 'node:diagnostics_channel'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {afterAll, afterEach, describe, expect, it} from 'vitest'

import {buildCassette} from '../../../../src/core/cassette/write/build-cassette.js'
import {sha256Hex} from '../../../../src/core/cassette/format/canonical-json.js'
import {verifyCassette} from '../../../../src/core/cassette/read/verify-cassette.js'
import {fixtureDocuments, temporaryDirectory} from '../cassette-kit.js'

const dir = temporaryDirectory()
const seen: Array<Record<string, unknown>> = []
const unsubscribes: Array<() => void> = []

function listen(span: string): void {
  const handler = (message: unknown) => seen.push({...(message as object)})
  diagnosticsChannel.subscribe(`tracing:tama-dex:${span}:asyncEnd`, handler)
  unsubscribes.push(() => diagnosticsChannel.unsubscribe(`tracing:tama-dex:${span}:asyncEnd`, handler))
}

afterEach(() => {
  for (const off of unsubscribes.splice(0)) off()
  seen.length = 0
})
afterAll(() => dir.remove())

describe('buildCassette', () => {
  it('returns what it built and traces it with counts only, never a path', async () => {
    listen('build')
    const output = join(dir.path, 'secret-canary', 'pets.tama-cassette')
    const built = await buildCassette({name: 'pets', version: '1.2.0', documents: fixtureDocuments('pets.yaml', 'store.json')}, join(dir.path, 'pets.tama-cassette'))
    const bytes = readFileSync(join(dir.path, 'pets.tama-cassette'))
    expect(built).toEqual({name: 'pets', version: '1.2.0', sha256: sha256Hex(bytes), bytes: bytes.length, documents: 2, operations: 5})
    await expect(buildCassette({name: 'pets', version: '1.2.0', documents: fixtureDocuments('pets.yaml')}, output)).rejects.toMatchObject({kind: 'usage'})
    expect(seen).toEqual([
      {cassette: 'pets', documents: 2, operations: 5, bytes: bytes.length, duration_ms: expect.any(Number), outcome: 'ok'},
      {cassette: 'pets', documents: 1, operations: 3, duration_ms: expect.any(Number), outcome: 'error', error_kind: 'usage', dispatched: false},
    ])
    expect(JSON.stringify(seen)).not.toMatch(/canary|tama-cassette|\//)
  })
})

describe('verifyCassette', () => {
  it('traces the cassette it verified with counts only', async () => {
    await buildCassette({name: 'store', version: '0.3.0', documents: fixtureDocuments('store.json')}, join(dir.path, 'store.tama-cassette'))
    listen('verify')
    const bytes = readFileSync(join(dir.path, 'store.tama-cassette'))
    await verifyCassette(bytes, {source: join(dir.path, 'store.tama-cassette')})
    expect(seen).toEqual([{bytes: bytes.length, cassette: 'store', documents: 1, operations: 2, duration_ms: expect.any(Number), outcome: 'ok'}])
  })
})
