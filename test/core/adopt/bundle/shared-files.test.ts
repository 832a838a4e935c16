import {mkdtemp, readFile, readdir, rm, stat, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {adoptFile} from '../../../../src/core/adopt/index.js'
import {TamaError} from '../../../../src/core/errors/tama-error.js'
import {LIMITS, MIB, validateDocument} from '../../../../src/core/profile/index.js'
import {at} from '../adopt-fixture.js'
import {writeSplitDescription} from './split-description.js'

let dir: string

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tama-shared-files-'))
})

afterAll(async () => {
  await rm(dir, {recursive: true, force: true})
})

async function folderBytes(folder: string): Promise<number> {
  let total = 0
  for (const entry of await readdir(folder, {recursive: true, withFileTypes: true})) if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size
  return total
}

describe('files referenced many times', () => {
  it('are written once each, as components, so the output grows with the files and validates', async () => {
    const input = await writeSplitDescription(path.join(dir, 'split'), {models: 12, operations: 24})
    const output = path.join(dir, 'split.json')
    const {report} = await adoptFile(input, output, {defaultScopes: []})
    const text = await readFile(output, 'utf8')
    // Copying each use writes about 2^12 copies of the first model (tens of MiB); once each is a few times the input.
    expect(Buffer.byteLength(text)).toBeLessThan(4 * (await folderBytes(path.join(dir, 'split'))))
    const document = JSON.parse(text) as Record<string, unknown>
    expect(report.operations).toBe(24)
    expect(validateDocument(document).operations).toHaveLength(24)
    expect(Object.keys(at(document, '/components/schemas') as object).sort()).toStrictEqual(Array.from({length: 12}, (_, model) => `m${model}`).sort())
    expect(at(document, '/components/schemas/m11/properties/m3')).toStrictEqual({$ref: '#/components/schemas/m3'})
    expect(at(document, '/paths/~1op5/get/responses/401')).toStrictEqual({$ref: '#/components/responses/error'})
  })
})

describe('an adopted document past the size limit', () => {
  it('is refused with the limit named, nothing written, when references into #/paths multiply', async () => {
    // Each schema uses the one before twice, by a reference into #/paths: adoption copies each use.
    const description = 'x'.repeat(8192)
    const paths: Record<string, unknown> = {}
    for (let level = 0; level < 16; level++) {
      const schema = level === 0 ? {type: 'string', description} : {type: 'object', description, properties: {a: {$ref: `#/paths/~1p${level - 1}/get/responses/200/content/application~1json/schema`}, b: {$ref: `#/paths/~1p${level - 1}/get/responses/200/content/application~1json/schema`}}}
      paths[`/p${level}`] = {get: {operationId: `p${level}`, summary: 'Level', responses: {200: {description: 'OK', content: {'application/json': {schema}}}}}}
    }
    const input = path.join(dir, 'path-refs.json')
    await writeFile(input, JSON.stringify({openapi: '3.1.0', info: {title: 'Refs into paths', version: '1'}, paths}))
    const output = path.join(dir, 'path-refs.out.json')
    const refusal = await adoptFile(input, output, {defaultScopes: []}).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(TamaError)
    expect(refusal).toMatchObject({kind: 'invalid_document'})
    expect((refusal as TamaError).message).toContain(`${LIMITS.documentBytes / MIB} MiB`)
    await expect(stat(output)).rejects.toMatchObject({code: 'ENOENT'})
  })

  it('is refused with the limit named, nothing written, when written out it outgrows the input', async () => {
    // 6 MiB of compact JSON, nested 40 deep: indented two spaces a level, it is over 64 MiB.
    let nested: unknown = 1
    for (let level = 0; level < 40; level++) nested = {a: nested, b: level}
    const input = path.join(dir, 'nested.json')
    await writeFile(input, JSON.stringify({openapi: '3.1.0', info: {title: 'Nested data', version: '1'}, 'x-data': Array.from({length: 12_000}, () => nested), paths: {'/a': {get: {operationId: 'a', summary: 'A', responses: {200: {description: 'OK'}}}}}}))
    const output = path.join(dir, 'nested.out.json')
    const refusal = await adoptFile(input, output, {defaultScopes: []}).catch((error: unknown) => error)
    expect(refusal).toMatchObject({kind: 'invalid_document'})
    expect((refusal as TamaError).message).toMatch(new RegExp(`would be \\d+\\.\\d MiB, more than the ${LIMITS.documentBytes / MIB} MiB a document may be`))
    await expect(stat(output)).rejects.toMatchObject({code: 'ENOENT'})
  }, 60_000)
})
