import {mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, relative} from 'node:path'

import {afterAll, describe, expect, it} from 'vitest'
import {parse as parseYaml} from 'yaml'

import {readKeywordMap} from '../../src/core/adopt/index.js'
import {readTokenFile, tokenAuthenticator} from '../../src/core/mcp/index.js'
import {validateDocument} from '../../src/core/profile/index.js'
import type {OperationRecord} from '../../src/core/profile/operation-record.js'
import {readExampleRequests} from '../../src/core/release/index.js'
import {PROJECT_ROOT} from '../helpers/cli.js'
import {shapeOf} from '../helpers/json-shape.js'

/**
 * Every code sample of README.md and docs/ is true to the code: a JavaScript or TypeScript
 * sample is cut from a file under examples/ (which test/examples runs), a TypeScript
 * declaration may instead be cut from the source that declares it; a JSON or YAML sample is
 * parsed and checked by what it shows (CHECKS). Shell samples are test/docs/shell-samples'.
 */
const DOCS = ['README.md', ...readdirSync(join(PROJECT_ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)]

/** The lines of text, trimmed, without blank ones: so an indented excerpt compares equal. */
function codeLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
}

function files(directory: string, pattern: RegExp): Array<{file: string; lines: string[]}> {
  return readdirSync(directory, {withFileTypes: true, recursive: true})
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
    .map((path) => ({file: relative(PROJECT_ROOT, path), lines: codeLines(readFileSync(path, 'utf8'))}))
}

const EXAMPLES = files(join(PROJECT_ROOT, 'examples'), /\.(mjs|js|ts)$/)
const SOURCES = files(join(PROJECT_ROOT, 'src'), /\.ts$/)

/** True when every line of `sample` is in `file`, in order. */
function isExcerpt(sample: readonly string[], file: readonly string[]): boolean {
  let at = 0
  for (const line of sample) {
    at = file.indexOf(line, at)
    if (at === -1) return false
    at++
  }
  return true
}

interface Sample {
  readonly doc: string
  readonly language: string
  readonly text: string
  readonly first: string
}

const SAMPLES: Sample[] = DOCS.flatMap((doc) =>
  [...readFileSync(join(PROJECT_ROOT, doc), 'utf8').matchAll(/^```([a-z]*)\n([\s\S]*?)^```/gm)].map((match) => ({
    doc,
    language: match[1]!,
    text: match[2]!,
    // The first line with a word: a JSON sample's `{` alone tells none apart.
    first: codeLines(match[2]!).find((line) => /\w/.test(line)) ?? '',
  })),
)

const SHAPES = JSON.parse(readFileSync(join(PROJECT_ROOT, 'test/fixtures/cli/json-shapes.json'), 'utf8')) as Record<string, {output: unknown}>
const MANIFEST = JSON.parse(readFileSync(join(PROJECT_ROOT, 'oclif.manifest.json'), 'utf8')) as {commands: Record<string, {flags: Record<string, unknown>}>}
const INCUS = parseYaml(readFileSync(join(PROJECT_ROOT, 'examples/incus.yaml'), 'utf8')) as {paths: Record<string, Record<string, Record<string, unknown>>>}

const dir = mkdtempSync(join(tmpdir(), 'tama-doc-samples-'))
afterAll(() => rmSync(dir, {recursive: true, force: true}))

/** True when a sample's shape is one the real output has: the same keys, each array item of a shape the output's items have. */
function conforms(sample: unknown, real: unknown): boolean {
  if (real === 'json') return true
  if (typeof real === 'object' && real !== null && 'array' in real) {
    const items = (real as {array: unknown[]}).array
    return typeof sample === 'object' && sample !== null && 'array' in sample && (sample as {array: unknown[]}).array.every((item) => items.some((want) => conforms(item, want)))
  }
  if (typeof real === 'object' && real !== null) {
    if (typeof sample !== 'object' || sample === null) return false
    const keys = Object.keys(real)
    return JSON.stringify(Object.keys(sample)) === JSON.stringify(keys) && keys.every((key) => conforms((sample as Record<string, unknown>)[key], (real as Record<string, unknown>)[key]))
  }
  return sample === real
}

/** examples/incus.yaml with `change` made to one of its operations, validated as a profile document: that operation's record. */
function validatedWith(path: string, method: string, change: Record<string, unknown>): OperationRecord {
  const document = structuredClone(INCUS)
  Object.assign(document.paths[path]![method]!, change)
  return validateDocument(document, {source: 'sample'}).operations.find((record) => record.path === path && record.method === method)!
}

/** `--flag` names of a command in the built CLI. */
function flagsOf(command: string): string[] {
  return Object.keys(MANIFEST.commands[command]?.flags ?? {})
}

/**
 * What each JSON and YAML sample shows, by document and first line, and how it is checked.
 * A JSON or YAML sample missing from this table fails the test.
 */
const CHECKS: ReadonlyArray<{doc: string; first: string; check: (text: string) => Promise<void> | void}> = [
  {
    doc: 'docs/mcp.md',
    first: '{"name": "ci", "token_sha256": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", "scopes": ["incus.read"]}',
    check: async (text) => {
      const file = join(dir, 'callers.jsonl')
      writeFileSync(file, text)
      // The hash shown is of the token "test": the caller it names is found by it.
      const authenticate = tokenAuthenticator(await readTokenFile(file))
      expect(authenticate(new Request('http://localhost/mcp', {headers: {authorization: 'Bearer test'}}))).toEqual({name: 'ci', scopes: ['incus.read']})
    },
  },
  {
    doc: 'docs/execute.md',
    first: '{"dry_run": true, "cassette": "incus", "operation_id": "instance_delete", "method": "delete",',
    check: (text) => expect(conforms(shapeOf(JSON.parse(text)), SHAPES['execute --dry-run']!.output)).toBe(true),
  },
  {
    doc: 'docs/release.md',
    first: '"old": {"file": "incus-1.0.0.tama-cassette", "kind": "cassette", "name": "incus", "version": "1.0.0", "operations": 36},',
    check: (text) => expect(conforms(shapeOf(JSON.parse(text)), SHAPES['cassette diff']!.output)).toBe(true),
  },
  {
    doc: 'docs/release.md',
    first: '"tama_dex_baseline": 1,',
    check: (text) => expect(text).toBe(readFileSync(join(PROJECT_ROOT, 'examples/ci/incus-lint-baseline.json'), 'utf8')),
  },
  {
    doc: 'docs/release.md',
    first: 'documents: [../incus.yaml]',
    check: (text) => expect(parseYaml(text)).toEqual(parseYaml(readFileSync(join(PROJECT_ROOT, 'examples/ci/tama-dex.config.yaml'), 'utf8'))),
  },
  {
    doc: 'docs/release.md',
    first: '- name: Validate, build, verify, diff and lint',
    check: (text) => expect(codeLines(readFileSync(join(PROJECT_ROOT, 'examples/ci/release.yml'), 'utf8')).join('\n')).toContain(codeLines(text).join('\n')),
  },
  {
    doc: 'docs/release.md',
    first: 'script:',
    check: (text) => expect(codeLines(readFileSync(join(PROJECT_ROOT, 'examples/ci/gitlab-ci.yml'), 'utf8')).join('\n')).toContain(codeLines(text).join('\n')),
  },
  {
    doc: 'docs/release.md',
    first: '{"operation": "instances_get", "request": "which containers are running"}',
    check: async (text) => {
      writeFileSync(join(dir, 'requests.jsonl'), text)
      expect((await readExampleRequests(join(dir, 'requests.jsonl'))).map((request) => request.operation)).toEqual(['instances_get', 'instance_state_put'])
    },
  },
  {
    doc: 'docs/mcp.md',
    first: '"mcpServers": {',
    check: (text) => {
      const {command, args} = (JSON.parse(text) as {mcpServers: Record<string, {command: string; args: string[]}>}).mcpServers['tama-dex']!
      expect(command).toBe('tama-dex')
      expect(args[0]).toBe('mcp')
      const flags = args.filter((arg) => arg.startsWith('--')).map((arg) => arg.slice(2))
      expect(flags.filter((flag) => !flagsOf('mcp').includes(flag))).toEqual([])
    },
  },
  {
    doc: 'docs/adoption.md',
    first: 'instances: [container, vm, virtual machine]',
    check: async (text) => {
      writeFileSync(join(dir, 'keywords.yaml'), text)
      expect(Object.keys(await readKeywordMap(join(dir, 'keywords.yaml')))).toEqual(['instances', 'instance_state_put'])
    },
  },
  {
    doc: 'docs/profile.md',
    first: 'x-tama-confirmation:',
    check: (text) => {
      const sample = parseYaml(text) as {'x-tama-confirmation': Record<string, unknown>}
      expect(validatedWith('/1.0/instances/{name}', 'delete', sample).confirmation).toEqual(sample['x-tama-confirmation'])
    },
  },
  {
    doc: 'docs/profile.md',
    first: 'x-tama-keywords: [start, stop, restart, reboot, container, vm, virtual machine]',
    check: (text) => {
      const sample = parseYaml(text) as {'x-tama-keywords': string[]}
      expect(validatedWith('/1.0/instances/{name}', 'get', sample).keywords).toEqual(expect.arrayContaining(sample['x-tama-keywords']))
    },
  },
  {
    doc: 'docs/profile.md',
    first: 'x-tama-examples: [start the web01 container, reboot a vm]',
    check: (text) => {
      const sample = parseYaml(text) as {'x-tama-examples': string[]}
      expect(validatedWith('/1.0/instances/{name}', 'get', sample).examples).toEqual(sample['x-tama-examples'])
    },
  },
  {
    doc: 'docs/profile.md',
    first: '# GET /1.0/instances/{name}?project=…  →  {"name": "web1", "project": "default"}',
    check: (text) => {
      const record = validatedWith('/1.0/instances/{name}', 'get', parseYaml(text) as Record<string, unknown>)
      expect(record.parameters.map(({name, in: where, required}) => ({name, in: where, required}))).toEqual([
        {name: 'name', in: 'path', required: true},
        {name: 'project', in: 'query', required: false},
      ])
    },
  },
]

const code = SAMPLES.filter((sample) => ['js', 'ts'].includes(sample.language))
const data = SAMPLES.filter((sample) => ['json', 'yaml'].includes(sample.language))

describe('code samples in README.md and docs/', () => {
  it.each(code)('$doc: "$first" is cut from a file under examples/ (a TypeScript declaration: or from src/)', ({language, text}) => {
    const lines = codeLines(text)
    const from = [...EXAMPLES, ...(language === 'ts' ? SOURCES : [])]
    expect(from.filter((file) => isExcerpt(lines, file.lines)).map((file) => file.file)).not.toEqual([])
  })

  // Each check parses its sample and runs it through what reads such data.
  it.each(data)('$doc: $language "$first" is what it shows', async ({doc, text, first}) => {
    const checks = CHECKS.filter((candidate) => candidate.doc === doc && candidate.first === first)
    expect(checks, 'a check in CHECKS').toHaveLength(1)
    await checks[0]!.check(text)
  })

  it('checks no sample that is not there', () => {
    expect(CHECKS.filter(({doc, first}) => !data.some((sample) => sample.doc === doc && sample.first === first))).toEqual([])
  })

  it('knows every language a sample is written in', () => {
    expect([...new Set(SAMPLES.map((sample) => sample.language))].sort()).toEqual(['', 'js', 'json', 'sh', 'sql', 'text', 'ts', 'yaml'])
  })
})
