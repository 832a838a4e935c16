import {existsSync} from 'node:fs'

import {TamaError, isTamaError, passOption} from '../errors/index.js'
import {readBoundedFile} from '../files/index.js'
import {schemaProblems, shippedSchema} from '../json-schema/index.js'
import {parseDocumentText} from '../profile/index.js'
import {lintClass} from './release-gates.js'
import type {BaselineUse, LintReport} from './lint-types.js'

/** One accepted finding, as a baseline file lists it (docs/schema/tama-dex.baseline.schema.json). */
export interface AcceptedFinding {
  /** A `--fail-on` class: `example-missed`. */
  readonly rule: string
  readonly operation_id: string
  /** The example request that misses, for `example-missed`. */
  readonly request?: string
}

const MAX_BASELINE_BYTES = 16 * 1024 * 1024

// Every failure to read a baseline has the same way out: write it again.
const REWRITE_BASELINE = passOption('updateBaseline', 'to write it again from the current findings')

/**
 * Reads a baseline file, checked against docs/schema/tama-dex.baseline.schema.json.
 * Throws TamaError: not_found or usage for a file that cannot be read, invalid_document
 * with a problem per finding at its pointer.
 */
export async function readBaseline(file: string): Promise<AcceptedFinding[]> {
  const bytes = await readBoundedFile(file, {
    maxBytes: MAX_BASELINE_BYTES,
    expected: 'a lint baseline file (JSON)',
    tooLarge: (size) => new TamaError('usage', `${file}: ${size} bytes, more than a baseline may hold (${MAX_BASELINE_BYTES}). `, {remedy: REWRITE_BASELINE}),
  }).catch((error: unknown) => {
    if (!isTamaError(error) || error.kind !== 'not_found' || existsSync(file)) throw error
    throw new TamaError('not_found', `${file}: no such baseline: check the path.`, {cause: error, remedy: REWRITE_BASELINE})
  })
  const value = parseDocumentText(bytes, file)
  const problems = schemaProblems(shippedSchema('tama-dex.baseline.schema.json'), value, {subject: 'a lint baseline'})
  if (problems.length > 0) {
    throw new TamaError('invalid_document', `${file} is not a lint baseline: fix the problems listed.`, {
      remedy: REWRITE_BASELINE,
      problems: problems.map((problem) => ({...problem, source: file})),
    })
  }
  return (value as {findings: AcceptedFinding[]}).findings
}

/** The findings of a report of the classes `failOn` names: what updating a baseline accepts. Sorted, so a baseline's diff in review shows only what changed. */
export function gatedFindings(report: LintReport, failOn: readonly string[]): AcceptedFinding[] {
  const findings: AcceptedFinding[] = [
    ...report.results.flatMap((result) =>
      result.findings.filter((finding) => finding.kind !== 'example_missed').map((finding) => ({rule: lintClass(finding.kind), operation_id: result.operation_id})),
    ),
    ...report.examples.results.filter((example) => !example.found).map((example) => ({rule: 'example-missed', operation_id: example.operation_id, request: example.request})),
  ]
  const byKey = new Map(findings.filter((finding) => failOn.includes(finding.rule)).map((finding) => [findingKey(finding), finding]))
  return [...byKey.keys()].sort(compare).map((key) => byKey.get(key)!)
}

/** A baseline file's text: stable bytes for the same findings. */
export function baselineText(findings: readonly AcceptedFinding[]): string {
  const lines = findings.map((finding) => `    ${JSON.stringify(finding)}`)
  return `{\n  "tama_dex_baseline": 1,\n  "findings": [${lines.length === 0 ? '' : `\n${lines.join(',\n')}\n  `}]\n}\n`
}

/**
 * The report with each finding the baseline lists marked `accepted`, and what the
 * baseline changed. An accepted finding still shows in every report; only the gate
 * passes over it.
 */
export function withBaseline(report: LintReport, file: string, baseline: readonly AcceptedFinding[]): LintReport & {readonly baseline: BaselineUse} {
  const listed = new Set(baseline.map(findingKey))
  const matched = new Set<string>()
  const accept = (finding: AcceptedFinding): boolean => {
    const key = findingKey(finding)
    if (!listed.has(key)) return false
    matched.add(key)
    return true
  }
  let accepted = 0
  const results = report.results.map((result) => ({
    ...result,
    findings: result.findings.map((finding) => {
      if (finding.kind === 'example_missed' || !accept({rule: lintClass(finding.kind), operation_id: result.operation_id})) return finding
      accepted += 1
      return {...finding, accepted: true as const}
    }),
  }))
  const examples = report.examples.results.map((example) => {
    if (example.found || !accept({rule: 'example-missed', operation_id: example.operation_id, request: example.request})) return example
    accepted += 1
    return {...example, accepted: true as const}
  })
  return {...report, results, examples: {...report.examples, results: examples}, baseline: {file, accepted, stale: listed.size - matched.size}}
}

function findingKey(finding: AcceptedFinding): string {
  return JSON.stringify([finding.rule, finding.operation_id, finding.request ?? null])
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
