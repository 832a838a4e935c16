import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {ReadonlyIndexKeeper, type TamaIndex, openIndex} from '../../../src/core/host-index/index.js'
import {readDocumentFile} from '../../../src/core/profile/index.js'

let dir: string
const SCOPES = {scopes: ['incus.read']}

async function writeIndex(path: string, cassette: string): Promise<void> {
  const index = openIndex({path})
  try {
    await index.load(await readDocumentFile('examples/incus.yaml'), {cassette})
  } finally {
    index.close()
  }
}

const cassettesSeen = (index: TamaIndex) => [...new Set(index.search('list instances', SCOPES).results.map((hit) => hit.cassette))]

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tama-keeper-'))
})

afterAll(() => rmSync(dir, {recursive: true, force: true}))

describe('ReadonlyIndexKeeper', () => {
  it('fails while no index exists, then lends one once it does, and keeps it open between calls', async () => {
    const path = join(dir, 'later.sqlite3')
    const keeper = new ReadonlyIndexKeeper(path)
    await expect(keeper.lend(cassettesSeen)).rejects.toMatchObject({kind: 'not_ready'})
    await writeIndex(path, 'incus')
    const lent: TamaIndex[] = []
    for (let call = 0; call < 2; call++) await keeper.lend((index) => lent.push(index))
    expect(lent[0]).toBe(lent[1])
    expect(await keeper.lend(cassettesSeen)).toEqual(['incus'])
    keeper.close()
  })

  it('sees what another connection commits, and opens the file again once the path names another one', async () => {
    const path = join(dir, 'index.sqlite3')
    await writeIndex(path, 'incus')
    const keeper = new ReadonlyIndexKeeper(path)
    expect(await keeper.lend(cassettesSeen)).toEqual(['incus'])
    await writeIndex(path, 'incus_two')
    expect((await keeper.lend(cassettesSeen)).sort()).toEqual(['incus', 'incus_two'])

    // Deleted and written anew while a call still holds the old handle: the next call gets the new file.
    const inFlight = await keeper.lend(async (index) => {
      for (const file of [path, `${path}-wal`, `${path}-shm`]) rmSync(file, {force: true})
      await writeIndex(path, 'replacement')
      return {stale: !index.isCurrent(), next: await keeper.lend(cassettesSeen)}
    })
    expect(inFlight).toEqual({stale: true, next: ['replacement']})
    keeper.close()
  })
})
