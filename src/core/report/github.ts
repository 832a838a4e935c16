import {escapeUnsafe} from '../text/index.js'
import {type ReportModel, type ReportProblem, modelProblems} from './report-model.js'

/**
 * GitHub Actions workflow commands: one `::error` or `::warning` annotation per problem,
 * which GitHub shows on the pull request's lines; a note is a `::notice`, and a finding a
 * baseline accepts is not annotated (the summary line counts it). Escaped as
 * GitHub documents, so no text can end the command or start another; a file name's
 * controls are escaped like every other text's (the model's).
 */
export function githubReport(model: ReportModel): string {
  const lines = modelProblems(model)
    .filter((problem) => problem.accepted !== true)
    .map(annotation)
  lines.push(`${model.failed ? '::error' : '::notice'} title=${property(model.check)}::${data(model.headline)}`)
  return lines.join('\n')
}

const COMMANDS = {error: 'error', warning: 'warning', note: 'notice'} as const

function annotation(problem: ReportProblem): string {
  const properties = [
    ...(problem.file === undefined ? [] : [`file=${property(escapeUnsafe(problem.file))}`]),
    ...(problem.line === undefined ? [] : [`line=${problem.line}`]),
    ...(problem.column === undefined ? [] : [`col=${problem.column}`]),
    `title=${property(problem.rule)}`,
  ]
  return `::${COMMANDS[problem.level]} ${properties.join(',')}::${data(problem.message)}`
}

function data(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A')
}

function property(text: string): string {
  return data(text).replaceAll(':', '%3A').replaceAll(',', '%2C')
}
