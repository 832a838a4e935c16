import {chmodSync, chownSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, relative} from 'node:path'
import {fileURLToPath} from 'node:url'

import {afterAll, describe, expect, it} from 'vitest'

import {discoverConfig, loadConfig} from '../../../src/core/config/index.js'
import {type TamaError, isTamaError} from '../../../src/core/errors/index.js'
import {locateProblems} from '../../../src/core/profile/index.js'

const FIXTURES = fileURLToPath(new URL('../../fixtures/config/', import.meta.url))
const fixture = (name: string) => relative(process.cwd(), join(FIXTURES, name))
const scratch = mkdtempSync(join(tmpdir(), 'tama-config-'))

afterAll(() => rmSync(scratch, {recursive: true, force: true}))

async function failure(promise: Promise<unknown>): Promise<TamaError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  if (!isTamaError(error)) throw new Error(`expected a TamaError, got ${String(error)}`)
  return error
}

describe('loadConfig', () => {
  it('reads every section, with paths resolved against the config file\'s folder', async () => {
    const config = await loadConfig(fixture('valid.yaml'))
    expect(config).toEqual({
      file: fixture('valid.yaml'),
      documents: [fixture('openapi/incus.yaml'), fixture('openapi/extra.json')],
      cassette: {name: 'incus'},
      adopt: {'read-scope': ['incus.read'], 'write-scope': ['incus.write'], 'destructive-method': ['delete', 'post'], keywords: fixture('keywords.yaml')},
      lint: {'min-score': 80, 'fail-on': ['example-missed', 'not-found'], examples: [fixture('ci/requests.jsonl')], 'examples-top': 3, baseline: fixture('ci/lint-baseline.json')},
      diff: {'fail-on': 'security'},
    })
    expect(Object.isFrozen(config)).toBe(true)
    expect(Object.isFrozen(config.lint)).toBe(true)
  })

  it('reads JSON as well as YAML', async () => {
    expect(await loadConfig(fixture('valid.json'))).toEqual({file: fixture('valid.json'), documents: [fixture('incus.yaml')], lint: {'fail-on': []}})
  })

  describe.each([
    {
      given: 'a misspelt key',
      file: 'unknown-key.yaml',
      want: [{pointer: '/lint/fail_on', line: 5, message: '`fail_on` is not a field of `lint`; its fields are min-score, fail-on, examples, examples-top, baseline.'}],
    },
    {
      given: 'values out of their ranges',
      file: 'bad-values.yaml',
      want: [
        {pointer: '/documents', line: 1, message: 'needs at least 1 item'},
        {pointer: '/cassette/name', line: 3, message: '`cassette/name` is not valid, found a string "Incus". The cassette\'s name (--name): 1-64 lower-case'},
        {pointer: '/lint/min-score', line: 5, message: '`lint/min-score` must be at most 100, found an integer 101.'},
        {pointer: '/lint/fail-on/1', line: 6, message: '`lint/fail-on/1` must be one of "not-found", "not-first", "missing-summary"'},
        {pointer: '/lint/examples-top', line: 7, message: 'must be a whole number, found a string "3"'},
        {pointer: '/diff/fail-on', line: 9, message: 'must be one of "any", "breaking", "security", "findability", "none", found a string "breaking-only"'},
      ],
    },
    {given: 'a key written twice', file: 'duplicate-key.yaml', want: [{pointer: '/cassette', line: 2, message: 'Duplicate key "cassette" at line 3, column 1'}]},
    {given: 'a list at the root', file: 'not-an-object.json', want: [{pointer: '', line: 1, message: 'The root must be an object, found an array.'}]},
  ])('refuses $given', ({file, want}) => {
    it('with a problem at each pointer and line, naming the file', async () => {
      const error = await failure(loadConfig(fixture(file)))
      expect(error.kind).toBe('invalid_document')
      expect(error.exitCode).toBe(3)
      const problems = await locateProblems(error.problems)
      expect(problems).toHaveLength(want.length)
      want.forEach((expected, index) => {
        expect(problems[index]).toMatchObject({pointer: expected.pointer, line: expected.line, source: fixture(file)})
        expect(problems[index]!.message).toContain(expected.message)
      })
    })
  })

  it('answers not_found for a file that is not there', async () => {
    expect((await failure(loadConfig(join(scratch, 'nowhere.yaml')))).kind).toBe('not_found')
  })
})

describe('discoverConfig', () => {
  const repository = join(scratch, 'repository')
  const deep = join(repository, 'packages', 'api', 'src')
  mkdirSync(deep, {recursive: true})
  copyFileSync(join(FIXTURES, 'valid.json'), join(repository, 'tama-dex.config.json'))

  // The working folder is the project's, so paths in the scratch folder are shown whole.
  it('finds the config of the nearest folder above, and resolves its paths from there', async () => {
    const config = await discoverConfig(deep)
    expect(config?.file).toBe(join(repository, 'tama-dex.config.json'))
    expect(config?.documents).toEqual([join(repository, 'incus.yaml')])
  })

  it('prefers a nearer config to one further up', async () => {
    writeFileSync(join(repository, 'packages', 'tama-dex.config.yaml'), 'cassette:\n  name: nearer\n')
    try {
      expect((await discoverConfig(deep))?.cassette).toEqual({name: 'nearer'})
    } finally {
      rmSync(join(repository, 'packages', 'tama-dex.config.yaml'))
    }
  })

  it('finds none where no folder above holds one', async () => {
    expect(await discoverConfig(join(scratch, '..'))).toBeUndefined()
  })

  it('refuses a folder holding two config files, naming both', async () => {
    writeFileSync(join(repository, 'tama-dex.config.yml'), 'cassette:\n  name: two\n')
    try {
      const error = await failure(discoverConfig(deep))
      expect(error.kind).toBe('usage')
      expect(error.message).toMatch(/tama-dex\.config\.yml and .*tama-dex\.config\.json are both config files: keep one\./)
    } finally {
      rmSync(join(repository, 'tama-dex.config.yml'))
    }
  })

  describe.each([
    {given: 'any user may write', prepare: (file: string) => chmodSync(file, 0o666), want: 'any user of this machine may write it'},
    {given: 'another user owns', prepare: (file: string) => chownSync(file, 65534, 65534), want: 'another user owns it', onlyAsRoot: true},
  ])('a found config that $given', ({prepare, want, onlyAsRoot}) => {
    it.skipIf(onlyAsRoot === true && process.getuid?.() !== 0)('is refused, saying why, while naming it stays possible', async () => {
      const folder = mkdtempSync(join(scratch, 'shared-'))
      const file = join(folder, 'tama-dex.config.yaml')
      writeFileSync(file, 'cassette:\n  name: planted\n')
      prepare(file)
      const error = await failure(discoverConfig(folder))
      expect(error.kind).toBe('usage')
      expect(error.message).toContain(want)
      expect((await loadConfig(file)).cassette).toEqual({name: 'planted'})
    })
  })
})
