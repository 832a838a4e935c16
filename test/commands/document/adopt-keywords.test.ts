import {mkdtemp, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import type {AdoptCommandResult} from '../../../src/commands/document/adopt.js'
import {adoptDocument} from '../../../src/core/adopt/index.js'
import {readDocumentFile, validateDocument} from '../../../src/core/profile/index.js'
import {parseJson, runCli} from '../../helpers/cli.js'

const INCUS = 'test/fixtures/corpus/incus-rest-api.yaml'
const INCUS_KEYWORDS = 'examples/ci/incus-keywords.yaml'

let dir: string

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tama-adopt-keywords-'))
})

afterAll(async () => {
  await rm(dir, {recursive: true, force: true})
})

/** An OpenAPI 3.1 description with three operations, two of them tagged `instances`. */
function description(): Record<string, unknown> {
  const operation = (operationId: string, tags: string[], extra: Record<string, unknown> = {}) => ({operationId, summary: `Run ${operationId}`, tags, responses: {'200': {description: 'OK'}}, ...extra})
  return {
    openapi: '3.1.0',
    info: {title: 'Fleet', version: '1'},
    paths: {
      '/instances': {get: operation('instances_get', ['instances'])},
      '/instances/{name}/state': {
        put: operation('instance_state_put', ['instances'], {parameters: [{name: 'name', in: 'path', required: true, schema: {type: 'string'}}], 'x-tama-keywords': ['Boot']}),
      },
      '/images': {get: operation('images_get', ['images'])},
    },
  }
}

async function keywordsOf(keywords: Record<string, readonly string[]>) {
  const {document, warnings} = await adoptDocument(description(), {defaultScopes: [], keywords})
  const paths = document.paths as Record<string, Record<string, Record<string, unknown>>>
  return {
    keywords: {
      instances_get: paths['/instances']!.get!['x-tama-keywords'],
      instance_state_put: paths['/instances/{name}/state']!.put!['x-tama-keywords'],
      images_get: paths['/images']!.get!['x-tama-keywords'],
    },
    warnings: warnings.filter((warning) => warning.kind.startsWith('keywords-')),
    records: validateDocument(document).operations,
  }
}

describe('adoptDocument with a keyword map', () => {
  it.each<{given: Record<string, string[]>; want: Record<string, string[] | undefined>}>([
    {
      given: {instance_state_put: ['start', 'reboot']},
      want: {instances_get: undefined, instance_state_put: ['Boot', 'start', 'reboot'], images_get: undefined},
    },
    {
      given: {instances: ['container', 'vm'], instance_state_put: ['boot', 'VM', 'reboot']},
      want: {instances_get: ['container', 'vm'], instance_state_put: ['Boot', 'VM', 'reboot', 'container'], images_get: undefined},
    },
    {given: {images: ['picture'], images_get: ['template']}, want: {instances_get: undefined, instance_state_put: ['Boot'], images_get: ['template', 'picture']}},
  ])('merges $given after each operation\'s own keywords, each word once', async ({given, want}) => {
    const adopted = await keywordsOf(given)
    expect(adopted.keywords).toEqual(want)
    expect(adopted.warnings).toEqual([])
  })

  it('puts the merged words in the record, normalised', async () => {
    const {records} = await keywordsOf({instances: ['Virtual  Machine'], instance_state_put: ['start']})
    expect(records.find((record) => record.operationId === 'instance_state_put')!.keywords).toEqual(['boot', 'start', 'virtual machine'])
  })

  it('warns about an entry that names no operationId or tag, and uses the others', async () => {
    const adopted = await keywordsOf({instance_state_putt: ['start'], instances: ['vm']})
    expect(adopted.keywords.instances_get).toEqual(['vm'])
    expect(adopted.warnings).toEqual([{kind: 'keywords-unmatched', pointer: '', message: expect.stringContaining('names instance_state_putt, which is no operationId or tag')}])
  })

  it('keeps at most 32 keywords an operation, with a warning', async () => {
    const words = Array.from({length: 40}, (_, index) => `word${index}`)
    const adopted = await keywordsOf({instance_state_put: words.slice(0, 20), instances: words.slice(20)})
    expect(adopted.keywords.instance_state_put).toEqual(['Boot', ...words.slice(0, 31)])
    expect(adopted.warnings).toEqual([
      {kind: 'keywords-cut', pointer: '/paths/~1instances~1{name}~1state/put/x-tama-keywords', operation_id: 'instance_state_put', message: expect.stringContaining('41 keywords, more than the 32')},
    ])
  })

  it('leaves keywords the input got wrong to validation, as a problem of the input', async () => {
    const input = description()
    const state = (input.paths as Record<string, Record<string, Record<string, unknown>>>)['/instances/{name}/state']!.put!
    state['x-tama-keywords'] = ['Boot', 42]
    await expect(adoptDocument(input, {defaultScopes: [], keywords: {instances: ['vm']}})).rejects.toMatchObject({
      kind: 'invalid_document',
      problems: [{pointer: '/paths/~1instances~1{name}~1state/put/x-tama-keywords/1', message: expect.stringContaining('must be a string')}],
    })
  })

  it.each([
    {given: 'a list', keywords: ['vm'], want: /^The keyword map is not an object\. Pass `keywords` as an object from operationIds and tags to lists of keywords\.$/},
    {given: 'a word that is not a list', keywords: {instances: 'vm'}, want: /^The keyword map at #\/instances: The keywords of instances must be a list.* Pass `keywords` as an object/},
    {given: 'an empty word', keywords: {instances: ['']}, want: /^The keyword map at #\/instances\/0: A keyword is 1-64 characters.* Pass `keywords` as an object/},
  ])('refuses $given as a usage error', async ({keywords, want}) => {
    await expect(adoptDocument(description(), {defaultScopes: [], keywords: keywords as never})).rejects.toMatchObject({kind: 'usage', message: expect.stringMatching(want)})
  })
})

describe('tama-dex document adopt --keywords', () => {
  it('merges examples/ci/incus-keywords.yaml into the Incus description: "Change the state" gains its users\' words', async () => {
    const output = path.join(dir, 'incus.yaml')
    const result = await runCli(['document', 'adopt', INCUS, '--output', output, '--read-scope', 'incus.read', '--write-scope', 'incus.write', '--keywords', INCUS_KEYWORDS, '--json'])
    expect(result.code, result.stderr).toBe(0)
    expect(parseJson<AdoptCommandResult>(result).warnings.filter((warning) => warning.kind.startsWith('keywords-'))).toEqual([])
    const records = validateDocument(await readDocumentFile(output)).operations
    const state = records.find((record) => record.operationId === 'instance_state_put')!
    expect(state.summary).toBe('Change the state')
    expect(state.keywords).toEqual(expect.arrayContaining(['container', 'vm', 'reboot', 'start', 'shut down']))
    // A tag's words go to each operation of the tag.
    const tagged = records.filter((record) => record.tags.includes('instances'))
    expect(tagged.length).toBeGreaterThan(50)
    for (const record of tagged) expect(record.keywords).toContain('container')
  })

  it.each([
    {given: 'a keyword map that is not an object', text: '- vm\n', want: {code: 3, problem: ':1:1#: A keyword map is an object'}},
    {given: 'a bad keyword', text: 'instances:\n  - vm\n  - "bad\\nline"\n', want: {code: 3, problem: ':3:5#/instances/1: A keyword is 1-64 characters'}},
    {given: 'an unknown id', text: 'instances_gett: [vm]\n', want: {code: 0, problem: null}},
  ])('on $given exits $want.code', async ({text, want}) => {
    const map = path.join(dir, 'map.yaml')
    await writeFile(map, text)
    const result = await runCli(['document', 'adopt', 'test/fixtures/adopt/openapi-3.1.yaml', '--output', path.join(dir, 'out.yaml'), '--keywords', map])
    expect(result.code, result.stderr).toBe(want.code)
    if (want.problem === null) expect(result.stderr).toContain('out.yaml#: the keyword map names instances_gett, which is no operationId or tag')
    else expect(result.stderr).toContain(`\n  ${map}${want.problem}`)
  })

  it('exits 5 for a keyword map that does not exist', async () => {
    const result = await runCli(['document', 'adopt', 'test/fixtures/adopt/openapi-3.1.yaml', '--output', path.join(dir, 'out.yaml'), '--keywords', path.join(dir, 'nope.yaml'), '--json'])
    expect(result.code).toBe(5)
    expect(parseJson(result)).toMatchObject({error: {kind: 'not_found'}})
  })
})
