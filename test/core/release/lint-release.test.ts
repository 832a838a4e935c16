import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {buildCassette} from '../../../src/core/cassette/index.js'
import {readDocumentFile} from '../../../src/core/profile/index.js'
import {type LintReport, lintRelease} from '../../../src/core/release/index.js'
import {FIXTURES} from './release-fixture.js'

let dir: string
let fromDocument: LintReport
let fromCassette: LintReport

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-lint-'))
  const cassette = join(dir, 'fleet.tama-cassette')
  await buildCassette({name: 'fleet', version: '1.0.0', documents: [{source: 'lint.yaml', document: await readDocumentFile(`${FIXTURES}lint.yaml`)}]}, cassette)
  fromDocument = await lintRelease(`${FIXTURES}lint.yaml`)
  fromCassette = await lintRelease(cassette)
})

afterAll(() => rmSync(dir, {recursive: true, force: true}))

function findings(report: LintReport, id: string): string[] {
  return report.results.find((result) => result.operation_id === id)!.findings.map((finding) => finding.kind)
}

describe('lintRelease on test/fixtures/release/lint.yaml', () => {
  it.each([
    {given: 'instances_list', want: []},
    {given: 'certificate_renew', want: []},
    {given: 'backup_export', want: ['missing_summary']},
    {given: 'ping', want: ['short_summary']},
    {given: 'network_forward_update', want: ['long_summary']},
    {given: 'cluster_members_list', want: ['no_tags']},
    {given: 'getallsnapshotsnow', want: ['unsplit_id']},
  ])('finds $want for $given', ({given, want}) => {
    expect(findings(fromDocument, given)).toEqual(want)
  })

  it('finds look-alike summaries indistinguishable: one of them first, the other second and not_first', () => {
    expect(fromDocument.indistinguishable).toEqual([{operations: ['volumes_list', 'volumes_list_all'], summary: 'List storage volumes'}])
    // Which of two identical summaries search puts first is search's tie-break, not lint's.
    const pair = fromDocument.results.filter((result) => result.operation_id.startsWith('volumes_list'))
    const winner = pair.find((result) => result.rank === 1)!
    const loser = pair.find((result) => result !== winner)!
    expect(winner).toMatchObject({rank: 1, first: winner.operation_id, score: 80})
    expect(findings(fromDocument, winner.operation_id)).toEqual(['indistinguishable'])
    expect(loser).toMatchObject({rank: 2, first: winner.operation_id, score: 50})
    expect(findings(fromDocument, loser.operation_id)).toEqual(['not_first', 'indistinguishable'])
  })

  it('searches holding every scope the catalogue uses, so scoped operations are found', () => {
    expect(fromDocument.scopes).toEqual(['fleet.admin', 'fleet.read', 'fleet.write'])
    expect(fromDocument.results.find((result) => result.operation_id === 'certificate_renew')).toMatchObject({rank: 1, first: 'certificate_renew', score: 100})
  })

  it('scores the catalogue as the rounded mean of the operation scores, and lists the worst first', () => {
    // 100 less PENALTIES: two clean operations, missing_summary 25, no_tags 5, unsplit_id 15,
    // long_summary 10, short_summary 10, indistinguishable 20, and not_first 30 + indistinguishable 20.
    // (100 + 100 + 75 + 95 + 85 + 90 + 90 + 80 + 50) / 9 = 85.
    expect(fromDocument.score).toBe(85)
    expect(fromDocument.worst.map((worst) => [worst.score, worst.findings])).toEqual([
      [50, ['not_first', 'indistinguishable']],
      [75, ['missing_summary']],
      [80, ['indistinguishable']],
      [85, ['unsplit_id']],
      [90, ['long_summary']],
      [90, ['short_summary']],
      [95, ['no_tags']],
    ])
    expect(fromDocument.worst.find((worst) => worst.operation_id === 'getallsnapshotsnow')?.suggestion).toBe('Separate the words of the id, e.g. get_all_snapshots_now.')
  })

  it('gives the same findings for the cassette built from the document', () => {
    expect(fromCassette).toMatchObject({kind: 'cassette', name: 'fleet', version: '1.0.0', operations: 9})
    expect(fromDocument).toMatchObject({kind: 'document', name: 'Lint fixture', version: '1.0', operations: 9})
    // Only a document has text, where each operation has a line.
    const strip = ({file: _file, kind: _kind, name: _name, version: _version, results, ...rest}: LintReport) => ({...rest, results: results.map(({line: _line, column: _column, ...result}) => result)})
    expect(strip(fromCassette)).toEqual(strip(fromDocument))
    expect(fromCassette.results.every((result) => result.line === undefined)).toBe(true)
    expect(fromDocument.results.find((result) => result.operation_id === 'getallsnapshotsnow')).toMatchObject({line: 70, column: 7})
  })
})
