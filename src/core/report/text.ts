import type {VerifyReport} from '../cassette/index.js'
import {formatProblem} from '../errors/index.js'
import type {ValidationReport} from '../profile/index.js'
import {count, escapeUnsafe} from '../text/index.js'
import type {ReportSubject} from './report-subject.js'
import {formatDiff} from './text-diff.js'
import {formatLint} from './text-lint.js'

/** The human form of a check's result, as the terminal shows it. */
export function textReport(subject: ReportSubject): string {
  switch (subject.check) {
    case 'document validate':
      return validationText(subject.result)
    case 'cassette verify':
      return verificationText(subject.result)
    case 'cassette lint':
      return formatLint(subject.result)
    case 'cassette diff':
      return formatDiff(subject.result)
  }
}

/** One OK line per valid file, each problem of the others, the skipped files, then the total. */
function validationText(report: ValidationReport): string {
  const lines: string[] = []
  for (const file of report.files) {
    if (file.valid) lines.push(`${escapeUnsafe(file.file)}: OK, ${count(file.operations, 'operation')}`)
    for (const problem of file.problems) lines.push(escapeUnsafe(formatProblem(problem)))
  }
  for (const file of report.skipped) lines.push(`${escapeUnsafe(file)}: skipped, not an API description`)
  lines.push(totalLine(report))
  return lines.join('\n')
}

/** `3 documents: 2 valid, 1 with 4 problems`: the line a CI log is read by. */
function totalLine(report: ValidationReport): string {
  const invalid = report.files.filter((file) => !file.valid)
  const problems = invalid.reduce((sum, file) => sum + file.problems.length, 0)
  const parts = [`${report.files.length - invalid.length} valid`, ...(invalid.length === 0 ? [] : [`${invalid.length} with ${count(problems, 'problem')}`])]
  const skipped = report.skipped.length === 0 ? '' : ` (${count(report.skipped.length, 'file')} skipped)`
  return `${count(report.files.length, 'document')}: ${parts.join(', ')}${skipped}`
}

/** One ✓/✗ line per check, then what was verified when all passed. */
function verificationText(report: VerifyReport): string {
  const lines = report.checks.map((check) => escapeUnsafe(`${check.ok ? '✓' : '✗'} ${check.check.padEnd(10)} ${check.detail}`))
  if (report.ok) lines.push(`Verified ${report.meta!.name} ${report.meta!.version} (sha256 ${report.sha256}).`)
  return lines.join('\n')
}
