import {mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {adoptFile} from '../../src/core/adopt/index.js'
import {TamaError} from '../../src/core/errors/tama-error.js'
import {parseJson, runCli} from '../helpers/cli.js'
import {tally} from './counts.js'

// Files beside a description that adopt must never read, each holding a marker that must appear nowhere.
const SECRETS: ReadonlyArray<readonly [file: string, text: string]> = [
  ['id_rsa', '-----BEGIN OPENSSH PRIVATE KEY-----\nMARKER-id_rsa\n-----END OPENSSH PRIVATE KEY-----\n'],
  ['.env', 'TOKEN=MARKER-env\n'],
  ['.git/config', '[core]\n\trepositoryformatversion = 0\n[remote "origin"]\n\turl = https://MARKER-git@example.com/x.git\n'],
  ['secret', 'MARKER-secret\n'],
  ['creds.txt', '{"password": "MARKER-creds-txt"}\n'],
  ['.hidden.json', '{"password": "MARKER-hidden-json"}\n'],
  ['.secrets/creds.json', '{"password": "MARKER-hidden-folder"}\n'],
  ['keys/.npmrc.yaml', 'token: MARKER-hidden-yaml\n'],
  ['key.pem', 'MARKER-pem\n'],
]

// Names a $ref may use that look readable, each a symbolic link to a secret or into a hidden folder.
const LINKS: ReadonlyArray<readonly [link: string, target: string]> = [
  ['id_rsa.json', 'id_rsa'],
  ['env.yaml', '.env'],
  ['git-config.yml', '.git/config'],
  ['secret.json', 'secret'],
  ['creds.json', 'creds.txt'],
  ['hidden.json', '.hidden.json'],
  ['folder.json', '.secrets/creds.json'],
  ['secrets', '.secrets'],
  ['upper.JSON', 'id_rsa'],
]

const REFS = [...SECRETS.map(([file]) => file), ...LINKS.map(([link]) => link), 'secrets/creds.json', './.git/config', 'sub/../.env', '.git/../id_rsa', '%2eenv', '.%67it/config', './secrets/../.hidden.json#/password']

let dir: string
let input: string

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tama-adopt-reads-'))
  for (const [file, text] of SECRETS) {
    mkdirSync(join(dir, file, '..'), {recursive: true})
    writeFileSync(join(dir, file), text)
  }
  mkdirSync(join(dir, 'sub'))
  for (const [link, target] of LINKS) symlinkSync(join(dir, target), join(dir, link))
  writeFileSync(join(dir, 'pet.yaml'), 'type: object\nproperties:\n  name: {type: string}\n')
  const properties = Object.fromEntries(REFS.map((ref, n) => [`p${n}`, {$ref: ref}]))
  const description = {
    openapi: '3.0.3',
    info: {title: 'Reads', version: '1'},
    paths: {'/things': {get: {operationId: 'things_get', responses: {200: {description: 'ok', content: {'application/json': {schema: {type: 'object', properties: {pet: {$ref: 'pet.yaml'}, ...properties}}}}}}}}},
  }
  input = join(dir, 'openapi.json')
  writeFileSync(input, JSON.stringify(description))
})

afterAll(() => rmSync(dir, {recursive: true, force: true}))

describe('document adopt reads only the JSON and YAML files the references name, never hidden ones', () => {
  it('through the library: the one readable file is bundled, every other reference removed, no secret in the output or a warning', async (context) => {
    const result = await adoptFile(input, join(dir, 'library-out.json'), {defaultScopes: []})
    const output = readFileSync(join(dir, 'library-out.json'), 'utf8')
    expect(JSON.stringify(JSON.parse(output))).toContain('"name":{"type":"string"}')
    expect(`${output}${JSON.stringify(result)}`).not.toContain('MARKER')
    const removed = result.warnings.filter((warning) => warning.kind === 'reference-removed').map((warning) => warning.pointer.split('/').at(-2))
    expect(removed.sort()).toEqual(REFS.map((_, n) => `p${n}`).sort())
    tally(context, 'references refused', REFS.length)
  })

  it('through the CLI: the same, in the text and the --json output', async (context) => {
    for (const json of [false, true]) {
      const out = join(dir, `cli-out-${json}.yaml`)
      const run = await runCli(['document', 'adopt', input, '--output', out, '--default-anyone', '--verbose', ...(json ? ['--json'] : [])])
      expect(run.code, run.stderr).toBe(0)
      expect(`${run.stdout}${run.stderr}${readFileSync(out, 'utf8')}`).not.toContain('MARKER')
      if (json) expect(parseJson<{warnings: unknown[]}>(run).warnings.length).toBeGreaterThanOrEqual(REFS.length)
    }
    tally(context, 'references refused', 2 * REFS.length)
  })
})

describe('a referenced JSON or YAML file that is not a document', () => {
  // Each would be quoted by a parser's message: a token, a key, an alias's name.
  const BROKEN: ReadonlyArray<readonly [file: string, text: string]> = [
    ['token.json', '{"password": "MARKER-token" MARKER-after}\n'],
    ['latin1.json', '{"password": "MARKER-\u00ff"}\n'],
    ['flow.yaml', 'password: [MARKER-flow\n'],
    ['tab.yaml', 'a:\n\tMARKER-tab: 1\n'],
    ['duplicate.yaml', 'MARKER-key: 1\nMARKER-key: 2\n'],
    ['keyed.yaml', '0xMARKER: 1\n0x1: 2\n'],
    ['alias.yaml', 'a: *MARKER-alias\n'],
    ['ini.yml', '[core]\n\turl = MARKER-ini\n'],
  ]

  it.each(BROKEN)('%s fails the adoption by its path and position, never its content', async (file, text) => {
    const folder = mkdtempSync(join(dir, 'broken-'))
    writeFileSync(join(folder, file), file.startsWith('latin1') ? Buffer.from(text, 'latin1') : text)
    writeFileSync(join(folder, 'openapi.yaml'), `openapi: 3.0.3\ninfo: {title: Broken, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    Broken: {$ref: './${file}'}\n`)
    const refusal = await adoptFile(join(folder, 'openapi.yaml'), join(folder, 'out.json'), {defaultScopes: []}).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(TamaError)
    const error = refusal as TamaError
    expect(error.kind).toBe('invalid_document')
    expect(error.problems[0]!.source).toBe(join(folder, file))
    expect(JSON.stringify(error.toJSON())).not.toContain('MARKER')
    const run = await runCli(['document', 'adopt', join(folder, 'openapi.yaml'), '--output', join(folder, 'out.json'), '--default-anyone'])
    expect(run.code).toBe(3)
    expect(run.stderr).toContain(file)
    expect(`${run.stdout}${run.stderr}`).not.toContain('MARKER')
  })
})
