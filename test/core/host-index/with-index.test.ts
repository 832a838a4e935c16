import {mkdtempSync, readdirSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterEach, beforeEach, describe, expect, it} from 'vitest'

import {openIndex} from '../../../src/core/host-index/open-index.js'
import {withIndex} from '../../../src/core/host-index/with-index.js'
import {profileDocument} from '../../helpers/documents.js'

let dir: string
let path: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tama-with-index-'))
  path = join(dir, 'index.sqlite3')
})
afterEach(() => rmSync(dir, {recursive: true, force: true}))

const document = (title: string) => profileDocument(title, [{id: `${title.toLowerCase()}_list`, summary: `List ${title}`}])

describe('withIndex', () => {
  it('writes a new index beside its path and puts it in place only when the work succeeded', async () => {
    const seen: string[] = []
    await withIndex(path, async (index) => {
      seen.push(...readdirSync(dir))
      await index.load(document('Ops'), {cassette: 'ops'})
    })
    expect(seen.some((name) => name === 'index.sqlite3')).toBe(false)
    expect(readdirSync(dir)).toEqual(['index.sqlite3'])
    const index = openIndex({path, readonly: true})
    expect(index.cassettes().map((cassette) => cassette.name)).toEqual(['ops'])
    index.close()
  })

  it('runs the work again on the index another writer created meanwhile, replacing nothing of theirs', async () => {
    let runs = 0
    const result = await withIndex(path, async (index) => {
      runs++
      if (runs === 1) {
        const other = openIndex({path})
        await other.load(document('Theirs'), {cassette: 'theirs'})
        other.close()
      }
      return (await index.load(document('Ops'), {cassette: 'ops'})).cassette
    })
    expect({runs, result}).toEqual({runs: 2, result: 'ops'})
    expect(readdirSync(dir)).toEqual(['index.sqlite3'])
    const index = openIndex({path, readonly: true})
    expect(index.cassettes().map((cassette) => cassette.name).sort()).toEqual(['ops', 'theirs'])
    index.close()
  })

  it('leaves nothing behind when the work fails on a new index', async () => {
    await expect(withIndex(path, () => Promise.reject(new Error('refused')))).rejects.toThrow('refused')
    expect(readdirSync(dir)).toEqual([])
  })
})
