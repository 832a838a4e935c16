import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {XMLParser, XMLValidator} from 'fast-xml-parser'
import {afterAll, describe, expect, it} from 'vitest'

import {runCli} from '../helpers/cli.js'
import {tally} from './counts.js'
import {SeededRandom} from './seeded-random.js'
import {SEED, scaled} from './soak.js'

const dir = mkdtempSync(join(tmpdir(), 'tama-report-outputs-'))
afterAll(() => rmSync(dir, {recursive: true, force: true}))

/** A document whose instances_list has `request` as its example request, which misses it when they share no word; `summary` is the other operation's. */
function missingExampleDocument(request: string, summary = 'List the images of the fleet', title = 'Gate fixture'): string {
  return [
    'openapi: 3.1.0',
    'x-tama-profile: tama-operations/1',
    `info: {title: ${JSON.stringify(title)}, version: '1.0'}`,
    'x-tama-scopes: [fleet.read]',
    'paths:',
    '  /instances:',
    '    get:',
    '      operationId: instances_list',
    '      summary: List the instances of the fleet',
    '      tags: [instances]',
    `      x-tama-examples: [${JSON.stringify(request)}]`,
    '  /images:',
    '    get:',
    '      operationId: images_list',
    `      summary: ${JSON.stringify(summary)}`,
    '      tags: [images]',
    '',
  ].join('\n')
}

describe('the findability gate', () => {
  // Before --fail-on, a missed example request only cost 25 points: lint exited 0 at any --min-score that allowed it.
  it.each([
    {given: 'no --min-score', args: []},
    {given: '--min-score 0', args: ['--min-score', '0']},
    {given: '--min-score 0 and a SARIF report', args: ['--min-score', '0', '--format', 'sarif']},
    {given: 'a JUnit report to a file', args: ['--format', 'junit', '-o', join(dir, 'gate.xml')]},
    {given: '--json', args: ['--json']},
  ])('fails lint with exit 14 on one missed example request, with $given', async ({args}) => {
    const document = join(dir, 'one-missed.yaml')
    writeFileSync(document, missingExampleDocument('remove every disk of a volume'))
    const result = await runCli(['cassette', 'lint', document, ...args])
    expect(result.code, result.stderr).toBe(14)
  })

  it('fails on a missed request of an --examples file too, and passes once the class is not failed on', async (context) => {
    const document = join(dir, 'all-found.yaml')
    writeFileSync(document, missingExampleDocument('list the instances of the fleet'))
    const examples = join(dir, 'requests.jsonl')
    writeFileSync(examples, '{"operation": "images_list", "request": "restart a stopped machine"}\n')
    expect((await runCli(['cassette', 'lint', document, '--min-score', '0'])).code).toBe(0)
    const missed = await runCli(['cassette', 'lint', document, '--examples', examples, '--min-score', '0'])
    expect(missed.code, missed.stderr).toBe(14)
    expect(missed.stderr).toContain('(example-missed 1)')
    for (const failOn of ['none', 'not-found,no-tags']) expect((await runCli(['cassette', 'lint', document, '--examples', examples, '--fail-on', failOn])).code).toBe(0)
    tally(context, 'findability gates tried', 4)
  })
})

// Text a hostile document controls reaches every report: titles, summaries, example requests.
const HOSTILE_PIECES = ['::error file=x::forged', '\n::warning::injected', '%0A', ',line=1', '<script>', ']]>', '&amp;', '"\'', '\u001b[31m', '\u0085', '\u202e', '\ufffe', '\ud800', '| cell |', '![x](http://x)', '*bold*', '`code`', '\r']

// An example request is one line of printable text (the profile refuses others): only its markup can be hostile.
const PRINTABLE_PIECES = HOSTILE_PIECES.filter((piece) => !/[\u0000-\u001f\u0080-\u009f\u202e\ufffe\ud800]/.test(piece))

function hostileText(random: SeededRandom, pieces = HOSTILE_PIECES): string {
  const chosen = Array.from({length: random.int(1, 4)}, () => random.pick(pieces))
  return `remove ${chosen.join(' ')} now`
}

describe('reports of hostile text', () => {
  it('stay well-formed in every format: no forged annotation, valid XML and JSON, one table row per problem', async (context) => {
    const random = new SeededRandom(SEED)
    const rounds = scaled(3, 20)
    for (let round = 0; round < rounds; round++) {
      const document = join(dir, `hostile-${round}.yaml`)
      writeFileSync(document, missingExampleDocument(hostileText(random, PRINTABLE_PIECES), `List ${hostileText(random)}`, hostileText(random)))
      const outputs = {sarif: join(dir, `${round}.sarif`), junit: join(dir, `${round}.xml`), markdown: join(dir, `${round}.md`)}
      const args = ['cassette', 'lint', document, '--format', 'sarif', '-o', outputs.sarif, '--format', 'junit', '-o', outputs.junit, '--format', 'markdown', '-o', outputs.markdown, '--format', 'github']
      const result = await runCli(args)
      expect(result.code, result.stderr).toBe(14)
      const github = result.stdout.trimEnd().split('\n')
      // One missed example request, whatever other findings the text gives, and the summary line: each one command.
      for (const line of github) expect(line).toMatch(/^::(error|warning|notice) (file=[^:,\n]*,)?title=[a-z-]+( [a-z]+)?::[^\n\r\u001b]*$/)
      expect(github.filter((line) => line.startsWith('::error') && line.includes('title=example-missed'))).toHaveLength(1)
      const junit = readFileSync(outputs.junit, 'utf8')
      expect(XMLValidator.validate(junit)).toBe(true)
      const cases = (new XMLParser({ignoreAttributes: false}).parse(junit) as {testsuites: {'@_failures': string}}).testsuites
      expect(cases['@_failures']).toBe('1')
      const sarif = JSON.parse(readFileSync(outputs.sarif, 'utf8')) as {runs: Array<{results: Array<{ruleId: string}>}>}
      expect(sarif.runs[0]!.results.filter((finding) => finding.ruleId === 'example-missed')).toHaveLength(1)
      expect(readFileSync(outputs.sarif, 'utf8')).not.toMatch(/[\u0080-\u009f\u202e\u001b]/)
      const rows = readFileSync(outputs.markdown, 'utf8').split('\n').filter((line) => /^\| (error|warning|note) \|/.test(line))
      for (const row of rows) expect(row.split(/(?<!\\)\|/)).toHaveLength(6)
      expect(readFileSync(outputs.markdown, 'utf8')).not.toMatch(/(?<!\\)!(?<!\\)\[|\u001b|\r/)
    }
    tally(context, 'hostile report texts tried', rounds)
  })
})
