import type {Problem} from '../errors/index.js'
import {type FailOn, type FindingKind, lintClass} from '../release/index.js'
import {count, escapeUnsafe} from '../text/index.js'
import type {GatedDiff, ReportSubject} from './report-subject.js'
import {cassetteRule} from './rules.js'
import {findabilityDetail} from './text-diff.js'

/** `error` fails the run's gate; `warning` and `note` are reported only. */
type ProblemLevel = 'error' | 'warning' | 'note'

/** One problem or finding, in the terms every machine format shares. Text is safe to print. */
export interface ReportProblem {
  /** An id of RULES. */
  readonly rule: string
  readonly level: ProblemLevel
  readonly message: string
  /** The file it is in, as the caller named it; absent for standard input. */
  readonly file?: string
  /** 1-based, where the file's text placed it. */
  readonly line?: number
  readonly column?: number
  /** The operation it is about, when it has no place in a file's text. */
  readonly operation?: string
  /** Listed in a baseline of accepted findings: shown as a note, never failing the gate. */
  readonly accepted?: true
}

/** One thing checked (a document, a cassette check, an operation, an example request): a JUnit test case. */
export interface CheckedItem {
  readonly suite: string
  readonly name: string
  readonly problems: readonly ReportProblem[]
}

/** A check's result as the machine formats render it. */
export interface ReportModel {
  /** `cassette lint` */
  readonly check: string
  readonly failed: boolean
  /** One line saying what was checked and the outcome. */
  readonly headline: string
  readonly counts: ReadonlyArray<readonly [string, number]>
  readonly items: readonly CheckedItem[]
}

/** Where the problems of a file that is standard input are: nowhere a CI system can show. */
const STANDARD_INPUT = '-'

export function reportModel(subject: ReportSubject): ReportModel {
  switch (subject.check) {
    case 'document validate': {
      const {files, skipped} = subject.result
      const invalid = files.filter((file) => !file.valid)
      const problems = invalid.reduce((sum, file) => sum + file.problems.length, 0)
      return {
        check: subject.check,
        failed: subject.failed,
        headline: `${count(files.length, 'document')}: ${files.length - invalid.length} valid, ${invalid.length} invalid`,
        counts: [['documents', files.length], ['valid', files.length - invalid.length], ['invalid', invalid.length], ['problems', problems], ['skipped', skipped.length]],
        items: files.map((file) => ({suite: subject.check, name: escapeUnsafe(file.file), problems: file.problems.map((problem) => documentProblem(problem, file.file))})),
      }
    }
    case 'cassette verify': {
      const {checks, source} = subject.result
      const failedChecks = checks.filter((check) => !check.ok).length
      return {
        check: subject.check,
        failed: subject.failed,
        headline: `${escapeUnsafe(source)}: ${checks.length - failedChecks} of ${count(checks.length, 'check')} passed`,
        counts: [['checks', checks.length], ['passed', checks.length - failedChecks], ['failed', failedChecks]],
        items: checks.map((check) => {
          const rule = cassetteRule(check.check)
          const problems: ReportProblem[] = check.ok
            ? []
            : check.problems?.length
              ? check.problems.map((problem) => ({rule, level: 'error', message: escapeUnsafe(`${check.detail} ${problemText(problem)}`), file: source}))
              : [{rule, level: 'error', message: escapeUnsafe(check.detail), file: source}]
          return {suite: escapeUnsafe(source), name: check.check, problems}
        }),
      }
    }
    case 'cassette lint':
      return lintModel(subject)
    case 'cassette diff':
      return diffModel(subject.result, subject.failed)
  }
}

function documentProblem(problem: Problem, file: string): ReportProblem {
  const source = problem.source ?? file
  return {
    rule: 'document-problem',
    level: 'error',
    message: escapeUnsafe(problemText(problem)),
    ...(source === STANDARD_INPUT ? {} : {file: source}),
    ...position(problem),
  }
}

/** `#/paths/~1items/get: message`: the pointer says where when no line can. */
function problemText(problem: Problem): string {
  return `#${problem.pointer}: ${problem.message}`
}

function position(problem: Problem): {line?: number; column?: number} {
  if (!isPosition(problem.line)) return {}
  return {line: problem.line, ...(isPosition(problem.column) ? {column: problem.column} : {})}
}

function isPosition(value: number | undefined): value is number {
  return Number.isSafeInteger(value) && value! >= 1
}

function lintModel(subject: Extract<ReportSubject, {check: 'cassette lint'}>): ReportModel {
  const report = subject.result
  const level = (kind: FindingKind, accepted: boolean): ProblemLevel => (accepted ? 'note' : subject.failOn.includes(lintClass(kind)) ? 'error' : 'warning')
  const acceptance = (accepted: boolean) => (accepted ? {accepted: true as const} : {})
  const file = escapeUnsafe(report.file)
  // A missed example request is reported once, as its own item, at its line when it came from a file.
  const operations: CheckedItem[] = report.results.map((result) => ({
    suite: `${file} operations`,
    name: escapeUnsafe(result.operation_id),
    problems: result.findings
      .filter((finding) => finding.kind !== 'example_missed')
      .map((finding) => ({
        rule: lintClass(finding.kind),
        level: level(finding.kind, finding.accepted === true),
        message: escapeUnsafe(`${result.operation_id}: ${sentence(finding.detail)} ${finding.suggestion}`),
        file: report.file,
        ...(isPosition(result.line) ? {line: result.line, ...(isPosition(result.column) ? {column: result.column} : {})} : {}),
        operation: escapeUnsafe(result.operation_id),
        ...acceptance(finding.accepted === true),
      })),
  }))
  const examples: CheckedItem[] = report.examples.results.map((example) => {
    const place = exampleFilePlace(example.source) ?? {file: report.file}
    const rank = example.rank === null ? 'not found' : `ranked #${example.rank}`
    return {
      suite: `${file} example requests`,
      name: escapeUnsafe(`${example.operation_id}: ${example.request}`),
      problems: example.found
        ? []
        : [
            {
              rule: 'example-missed',
              level: level('example_missed', example.accepted === true),
              message: escapeUnsafe(`"${example.request}" should find ${example.operation_id} in the top ${report.examples.top} but ${rank}.`),
              ...place,
              operation: escapeUnsafe(example.operation_id),
              ...acceptance(example.accepted === true),
            },
          ],
    }
  })
  const findings = [...operations, ...examples].reduce((sum, item) => sum + item.problems.length, 0)
  return {
    check: subject.check,
    failed: subject.failed,
    headline: `${escapeUnsafe(report.name)} ${escapeUnsafe(report.version)}: score ${report.score}/100, ${count(findings, 'finding')}${report.baseline === undefined ? '' : `, ${report.baseline.accepted} accepted by the baseline`}`,
    counts: [['operations', report.operations], ['score', report.score], ['found first by own summary', report.counts.found_first], ['example requests', report.examples.checked], ['example requests missed', report.examples.checked - report.examples.found], ['findings', findings], ...(report.baseline === undefined ? [] : ([['accepted by the baseline', report.baseline.accepted]] as const))],
    items: [...operations, ...examples],
  }
}

/** Text ending as a sentence does, so that what follows it reads as another. */
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`
}

/** An example request's `FILE:LINE` source (an `--examples` file) as a place in that file. */
function exampleFilePlace(source: string): {file: string; line: number} | undefined {
  const match = /^(.+):(\d+)$/.exec(source)
  if (match === null) return undefined
  const line = Number(match[2])
  return isPosition(line) ? {file: match[1]!, line} : undefined
}

function diffModel(diff: GatedDiff, failed: boolean): ReportModel {
  const gated = gatedBy(diff.gate.fail_on)
  const level = (change: {breaking: boolean; security: boolean}): ProblemLevel => (gated(change) ? 'error' : 'note')
  const suite = `${escapeUnsafe(diff.old.name)} ${escapeUnsafe(diff.old.version)} → ${escapeUnsafe(diff.new.version)}`
  const file = diff.new.file
  const item = (operationId: string, problems: ReportProblem[]): CheckedItem => ({suite, name: escapeUnsafe(operationId), problems})
  const problem = (rule: string, operationId: string, text: string, change: {breaking: boolean; security: boolean}): ReportProblem => ({
    rule,
    level: level(change),
    message: escapeUnsafe(`${operationId}: ${text}${flagsText(change)}`),
    file,
    operation: escapeUnsafe(operationId),
  })
  const items = [
    ...diff.added.map((operation) => item(operation.operation_id, [problem('operation-added', operation.operation_id, operation.detail, operation)])),
    ...diff.removed.map((operation) => item(operation.operation_id, [problem('operation-removed', operation.operation_id, operation.detail, operation)])),
    ...diff.changed.map((operation) =>
      item(
        operation.operation_id,
        operation.changes.map((change) => problem('operation-changed', operation.operation_id, `${change.field}${change.at === null || change.at === '' ? '' : ` at ${change.at}`}: ${change.detail}`, change)),
      ),
    ),
    ...diff.findability.map((regression) =>
      item(regression.operation_id, [
        {
          rule: 'findability-regressed',
          level: diff.gate.fail_on === 'findability' ? 'error' : 'warning',
          message: escapeUnsafe(`${regression.operation_id}: ${findabilityDetail(regression)}`),
          file,
          operation: escapeUnsafe(regression.operation_id),
        },
      ]),
    ),
  ]
  const {summary} = diff
  return {
    check: 'cassette diff',
    failed,
    headline: `${suite}: ${summary.added} added, ${summary.removed} removed, ${summary.changed} changed; ${summary.breaking} breaking, ${summary.security} security-relevant, ${summary.findability} findability regressions`,
    counts: [['added', summary.added], ['removed', summary.removed], ['changed', summary.changed], ['breaking', summary.breaking], ['security-relevant', summary.security], ['findability regressions', summary.findability]],
    items,
  }
}

/** Whether a change is of the class the diff's gate fails on. */
function gatedBy(failOn: FailOn): (change: {breaking: boolean; security: boolean}) => boolean {
  if (failOn === 'any') return () => true
  if (failOn === 'breaking') return (change) => change.breaking
  if (failOn === 'security') return (change) => change.security
  return () => false
}

function flagsText(change: {breaking: boolean; security: boolean}): string {
  const flags = [change.breaking ? 'breaking' : '', change.security ? 'security-relevant' : ''].filter((flag) => flag !== '')
  return flags.length === 0 ? '' : ` (${flags.join(', ')})`
}

/** Every problem of a model, in item order. */
export function modelProblems(model: ReportModel): ReportProblem[] {
  return model.items.flatMap((item) => item.problems)
}
