import {readFileSync} from 'node:fs'
import {relative} from 'node:path'

import {describe, expect, it} from 'vitest'

import {readDocumentInput, readDocumentInputs} from '../../../../src/core/cassette/write/document-input.js'
import {fixture} from '../cassette-kit.js'

const store: unknown = JSON.parse(readFileSync(fixture('store.json'), 'utf8'))
// Specs are given relative to the working directory, as a producer types them.
const spec = (name: string) => relative(process.cwd(), fixture(name))

describe('readDocumentInput', () => {
  it.each([
    {given: 'store.json', want: store},
    {given: 'generate.mjs#catalogue', want: store},
    {given: 'generate.mjs#makeCatalogue', want: store},
    {given: 'generate.mjs#fetchCatalogue', want: store},
    {given: 'generate.mjs#promisedCatalogue', want: store},
    {given: 'generate.mjs', want: store},
  ])('reads $given', async ({given, want}) => {
    expect(await readDocumentInput(spec(given))).toEqual({source: spec(given), document: want})
  })

  it.each([
    {given: 'missing.json', want: {kind: 'not_found', message: /missing\.json: no such file/i}},
    {given: 'missing.mjs#catalogue', want: {kind: 'not_found', message: /missing\.mjs: no such module/}},
    {given: 'generate.mjs#nothing', want: {kind: 'usage', message: /has no export "nothing"; it exports .*"catalogue"/}},
    {given: 'generate.mjs#failing', want: {kind: 'invalid_document', message: /the export failed while making the document \(Error: the catalogue service is down\)/}},
    {given: 'broken.mjs', want: {kind: 'invalid_document', message: /broken\.mjs: the module cannot be loaded \(SyntaxError/}},
  ])('refuses $given', async ({given, want}) => {
    const error = await readDocumentInput(spec(given)).then(
      () => undefined,
      (failure: unknown) => failure,
    )
    expect(error).toMatchObject(want)
    expect((error as Error).message).not.toContain(process.cwd())
  })
})

describe('readDocumentInputs', () => {
  it('reports the problems of every document that cannot be parsed, at once', async () => {
    const error = await readDocumentInputs([spec('broken-a.yaml'), spec('store.json'), spec('broken-b.json')]).catch((failure: unknown) => failure)
    expect(error).toMatchObject({kind: 'invalid_document', message: /2 documents cannot be read/})
    expect(new Set((error as {problems: Array<{source: string}>}).problems.map((problem) => problem.source))).toEqual(new Set([spec('broken-a.yaml'), spec('broken-b.json')]))
  })
})
