import {execFileSync} from 'node:child_process'
import {mkdtemp, mkdir, open, readdir, readFile, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {TamaError} from '../../../../src/core/errors/tama-error.js'
import {LIMITS, parseDocumentText, readDocumentFile} from '../../../../src/core/profile/index.js'
import {PROJECT_ROOT} from '../../../helpers/cli.js'

const FIXTURES = join(PROJECT_ROOT, 'test/fixtures/profile/parse')

type Expected = {value: unknown} | {parses: true} | {problems: Array<{pointer: string; message: string}>}

function failure(run: () => unknown): TamaError {
  try {
    run()
  } catch (error) {
    if (error instanceof TamaError) return error
    throw error
  }
  throw new Error('expected a TamaError')
}

async function rejection(promise: Promise<unknown>): Promise<TamaError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof TamaError) return error
    throw error
  }
  throw new Error('expected a TamaError')
}

const names = (await readdir(FIXTURES)).filter((name) => !name.endsWith('.expected.json')).sort()

describe.each(names)('parse fixture %s', (name) => {
  it('parses to the expected value, or fails with the expected problems', async () => {
    const want = JSON.parse(await readFile(join(FIXTURES, name.replace(/\.(ya?ml|json)$/, '.expected.json')), 'utf8')) as Expected
    const bytes = await readFile(join(FIXTURES, name))
    if ('problems' in want) {
      const error = failure(() => parseDocumentText(bytes, name))
      expect(error.kind).toBe('invalid_document')
      expect(error.message.startsWith(`${name}: `)).toBe(true)
      expect(error.problems).toHaveLength(want.problems.length)
      want.problems.forEach((problem, index) => {
        expect(error.problems[index]).toEqual({source: name, pointer: problem.pointer, message: expect.stringContaining(problem.message)})
      })
    } else {
      const value = parseDocumentText(bytes, name)
      if ('value' in want) expect(value).toEqual(want.value)
      // The same text as a string parses the same way.
      expect(parseDocumentText(bytes.toString('utf8'), name)).toEqual(value)
    }
  })
})

describe('parseDocumentText', () => {
  it.each([
    {given: 'string', want: 'a string key longer than the limit'},
    {given: 'value', want: 'a string value longer than the limit'},
  ])('refuses $want', ({given}) => {
    const long = 'x'.repeat(LIMITS.stringLength + 1)
    const text = given === 'string' ? `{"${long}": 1}` : `{"a": "${long}"}`
    const error = failure(() => parseDocumentText(text, 'long.json'))
    expect(error.problems).toEqual([{source: 'long.json', pointer: given === 'string' ? '' : '/a', message: expect.stringContaining(`the limit is ${LIMITS.stringLength}`)}])
  })

  it('refuses a document over the size limit before parsing it', () => {
    const text = `{"a": "${'x'.repeat(LIMITS.documentBytes)}"}`
    const error = failure(() => parseDocumentText(text, 'big.json'))
    expect(error.problems).toEqual([{source: 'big.json', pointer: '', message: 'The document is 64.0 MiB; the limit is 64 MiB. Split it into several documents.'}])
  })
})

describe('readDocumentFile', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tama-profile-'))
  })
  afterAll(async () => {
    await rm(dir, {recursive: true, force: true})
  })

  it('reads a document file, naming problems by the path as given', async () => {
    await writeFile(join(dir, 'doc.yaml'), 'a: [1, 2]\n')
    expect(await readDocumentFile(join(dir, 'doc.yaml'))).toEqual({a: [1, 2]})
    await writeFile(join(dir, 'bad.yaml'), 'a: 1\na: 2\n')
    const error = await rejection(readDocumentFile(join(dir, 'bad.yaml')))
    expect(error.problems[0]!.source).toBe(join(dir, 'bad.yaml'))
  })

  it.each(['missing.yaml', 'missing/inside.yaml'])('refuses %s as not_found, naming the path as given', async (given) => {
    const path = join(dir, given)
    const error = await rejection(readDocumentFile(path))
    expect(error.kind).toBe('not_found')
    expect(error.message).toBe(`${path}: No such file. Check the path.`)
  })

  it.each([{given: 'a directory'}, {given: 'a device that never ends'}, {given: 'a FIFO no one writes to'}])('refuses $given without reading it', async ({given}) => {
    await mkdir(join(dir, 'folder'), {recursive: true})
    if (given.startsWith('a FIFO')) execFileSync('mkfifo', [join(dir, 'fifo')])
    const path = {'a directory': join(dir, 'folder'), 'a device that never ends': '/dev/zero', 'a FIFO no one writes to': join(dir, 'fifo')}[given]!
    const error = await rejection(readDocumentFile(path))
    expect(error.kind).toBe('usage')
    expect(error.message).toMatch(new RegExp(`^${path}: Not a regular file \\((a directory|a device|a FIFO)\\)\\. Name a JSON or YAML document file\\.$`))
  })

  it('refuses a file over the size limit from its size alone', async () => {
    // A sparse file: the size is there, the bytes never are.
    const path = join(dir, 'huge.json')
    const handle = await open(path, 'w')
    await handle.truncate(LIMITS.documentBytes + 1)
    await handle.close()
    const error = await rejection(readDocumentFile(path))
    expect(error.kind).toBe('invalid_document')
    expect(error.problems).toEqual([{source: path, pointer: '', message: expect.stringContaining('the limit is 64 MiB')}])
  })
})
