import {escapeUnsafe} from '../text/index.js'
import {type ReportModel, modelProblems} from './report-model.js'

/** How many problems the table lists; the rest are counted. */
const MAX_PROBLEMS_SHOWN = 20

/**
 * A summary a release job can post (a pull request comment, a job summary): the outcome,
 * the counts, and a table of the first problems, those that fail the gate first.
 */
export function markdownReport(model: ReportModel): string {
  const order = {error: 0, warning: 1, note: 2} as const
  const problems = modelProblems(model).sort((a, b) => order[a.level] - order[b.level])
  const lines = [
    `### tama-dex ${model.check}: ${model.failed ? 'failed' : 'passed'}`,
    '',
    cell(model.headline),
    '',
    `| ${model.counts.map(([label]) => cell(label)).join(' | ')} |`,
    `|${model.counts.map(() => ' ---: |').join('')}`,
    `| ${model.counts.map(([, value]) => String(value)).join(' | ')} |`,
  ]
  if (problems.length > 0) {
    lines.push('', '| Level | Rule | Where | Message |', '| --- | --- | --- | --- |')
    for (const problem of problems.slice(0, MAX_PROBLEMS_SHOWN)) {
      lines.push(`| ${problem.level} | \`${problem.rule}\` | ${cell(where(problem))} | ${cell(problem.message)} |`)
    }
    if (problems.length > MAX_PROBLEMS_SHOWN) lines.push('', `… and ${problems.length - MAX_PROBLEMS_SHOWN} more (the JSON, SARIF or JUnit report lists every one).`)
  }
  return lines.join('\n')
}

function where(problem: {file?: string; line?: number; column?: number; operation?: string}): string {
  const position = problem.line === undefined ? '' : `:${problem.line}${problem.column === undefined ? '' : `:${problem.column}`}`
  const file = problem.file === undefined ? '' : `${problem.file}${position}`
  return [file, problem.operation ?? ''].filter((part) => part !== '').join(' ')
}

/**
 * Text in a table cell or a paragraph, shown as written: Markdown and HTML characters are
 * backslash-escaped and controls (line breaks among them) escaped, so a hostile name can
 * neither break the table nor add a link or an image.
 */
function cell(text: string): string {
  return escapeUnsafe(text).replace(/[\\`*_{}[\]()<>#+\-.!|~&]/g, '\\$&')
}
