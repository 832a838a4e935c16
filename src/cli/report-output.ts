import type {ParserOutput} from '@oclif/core/interfaces'
import * as Flags from '@oclif/core/flags'

import {TamaError} from '../core/errors/index.js'
import {REPORT_FORMATS, type ReportFormat} from '../core/report/format-names.js'
import type {ReportSubject} from '../core/report/index.js'
import {escapeUnsafeLines} from '../core/text/index.js'

/** `--format` and `-o`, on every command that checks something and reports it. */
export const reportFlags = {
  format: Flags.string({
    description: 'Report in this format: text (the default), json (as --json), sarif, github, junit or markdown. Give it several times, each but one followed by -o FILE.',
    options: [...REPORT_FORMATS],
    multiple: true,
    helpValue: 'FORMAT',
  }),
  output: Flags.string({
    char: 'o',
    description: 'Write the report of the --format just before it to FILE (replaced atomically); the terminal still gets the text summary.',
    multiple: true,
    helpValue: 'FILE',
  }),
}

/** Where each report of a run goes: one format to the terminal, the others each to its file. */
export interface ReportOutputs {
  readonly terminal: ReportFormat
  readonly files: ReadonlyArray<{readonly format: ReportFormat; readonly file: string}>
}

/**
 * Pairs each `-o FILE` with the `--format` just before it, in the order they were given
 * (`--format sarif -o a.sarif --format junit -o b.xml`). A `--format` without a file, or
 * `--json`, is the terminal's; without one the terminal gets text. Throws TamaError('usage')
 * for an `-o` with no `--format` of its own before it, two formats for the terminal, or
 * two reports for one file.
 */
export function reportOutputs(raw: ParserOutput['raw']): ReportOutputs {
  const given: Array<{format: ReportFormat; file?: string; byJsonFlag?: true}> = []
  for (const token of raw) {
    if (token.type !== 'flag') continue
    if (token.flag === 'json') given.push({format: 'json', byJsonFlag: true})
    if (token.flag === 'format') given.push({format: token.input as ReportFormat})
    if (token.flag !== 'output') continue
    const last = given.at(-1)
    if (last?.byJsonFlag) throw new TamaError('usage', `-o ${token.input}: --json prints to the terminal; write JSON to a file with --format json -o ${token.input}.`)
    if (last === undefined || last.file !== undefined) {
      throw new TamaError('usage', `-o ${token.input}: say which report goes there with a --format just before it, as in --format sarif -o ${token.input}.`)
    }
    last.file = token.input
  }
  const terminal = [...new Set(given.filter((entry) => entry.file === undefined).map((entry) => entry.format))]
  if (terminal.length > 1) throw new TamaError('usage', `Only one report can go to the terminal, and ${terminal.join(' and ')} were given without -o FILE: give all but one a file.`)
  const files = given.flatMap((entry) => (entry.file === undefined ? [] : [{format: entry.format, file: entry.file}]))
  const repeated = files.find((entry, index) => files.findIndex((other) => other.file === entry.file) !== index)
  if (repeated !== undefined) throw new TamaError('usage', `-o ${repeated.file} was given for two reports: give each its own file.`)
  return {terminal: terminal[0] ?? 'text', files}
}

/**
 * Writes the run's reports: each file's replaced atomically, then the terminal's printed
 * through `log` (a json terminal report is the command's result, which --json prints).
 * What is written is what the terminal would show: no text can drive a terminal that
 * prints the file.
 */
export async function writeReports(subject: ReportSubject, outputs: ReportOutputs, log: (text: string) => void): Promise<void> {
  const {formatReport} = await import('../core/report/index.js')
  const {writeFileAtomically} = await import('../core/files/index.js')
  for (const {format, file} of outputs.files) await writeFileAtomically(file, `${escapeUnsafeLines(formatReport(format, subject))}\n`)
  if (outputs.terminal !== 'json') log(formatReport(outputs.terminal, subject))
}
