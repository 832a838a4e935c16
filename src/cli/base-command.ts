import {Command, Errors, ux} from '@oclif/core'

import {type OptionFlags, cliMessage} from './hints.js'
import {closestMatch} from './suggestion.js'
import {ERROR_KINDS, type ErrorKind, TamaError, formatProblem, isTamaError} from '../core/errors/index.js'
import {escapeUnsafe, escapeUnsafeLines} from '../core/text/index.js'

/**
 * The one place CLI failures and failed gates become messages and exit codes. Every
 * command extends it; `--json` is on for all of them, and the exit code is the same with
 * or without it.
 */
export abstract class BaseCommand extends Command {
  static override enableJsonFlag = true
  /**
   * The flag of each library option the command sets, by the option's key: a remedy that
   * says to pass an option is printed with the flag the command's user passes.
   */
  static optionFlags: OptionFlags = {}
  /** Set by a command whose `--format json` report goes to the terminal: it then answers as with --json. */
  protected jsonByFormat = false

  override jsonEnabled(): boolean {
    return this.jsonByFormat || super.jsonEnabled()
  }

  // Everything a command prints passes here: text from files and names can never drive the
  // terminal, whichever message it reached. A name's own line breaks are escaped where the
  // name is put in a line (escapeUnsafe), since only there are they told from the layout.
  override log(message = ''): void {
    super.log(escapeUnsafeLines(message))
  }

  override logToStderr(message = ''): void {
    super.logToStderr(escapeUnsafeLines(message))
  }

  // JSON.stringify leaves C1 controls and format characters raw; their JSON escapes keep the value.
  override logJson(json: unknown): void {
    ux.stdout(escapeUnsafeLines(JSON.stringify(json, null, 2)))
  }

  protected override async catch(error: Error & {exitCode?: number}): Promise<void> {
    const failure = await withPositions(toTamaError(error, this.argv))
    process.exitCode = failure.exitCode
    if (this.jsonEnabled()) {
      this.logJson({error: this.inCliWords(failure)})
      return
    }
    this.printFailure(failure, isTamaError(error))
  }

  /**
   * Ends a command whose result is its answer even when a gate fails it (a diff with
   * changes, a lint below its score, a cassette that fails verification, invalid
   * documents): the result is returned as is, for --json to print, and the failure only
   * sets the exit code. Without --json a TamaError's message also goes to stderr; a bare
   * kind means the printed result already says what failed.
   */
  protected async gated<T>(result: T, failure: TamaError | ErrorKind | null): Promise<T> {
    if (failure === null) return result
    if (typeof failure === 'string') {
      process.exitCode = ERROR_KINDS[failure]
      return result
    }
    const shown = await withPositions(failure)
    process.exitCode = shown.exitCode
    if (!this.jsonEnabled()) this.printFailure(shown, true)
    return result
  }

  /**
   * A library's message is one line, which may hold a path: a line break in it is the
   * path's and is escaped. Only the parser's usage messages have lines of their own.
   */
  private printFailure(failure: TamaError, oneLine: boolean): void {
    const {message, problems} = this.inCliWords(failure)
    this.logToStderr(`Error: ${oneLine ? escapeUnsafe(message) : message}`)
    for (const problem of problems) this.logToStderr(`  ${escapeUnsafe(formatProblem(problem))}`)
  }

  /** The failure as --json prints it, its message in the CLI's words: the remedy with this command's flags and commands. */
  protected inCliWords(failure: TamaError): ReturnType<TamaError['toJSON']> {
    const flags = (this.constructor as typeof BaseCommand).optionFlags
    return {...failure.toJSON(), message: cliMessage(failure, flags)}
  }
}

/** A document's problems placed at their line and column in its file, whichever command read it. */
async function withPositions(failure: TamaError): Promise<TamaError> {
  if (failure.kind !== 'invalid_document' || failure.problems.length === 0) return failure
  const {locateProblems} = await import('../core/profile/index.js')
  return failure.with({problems: await locateProblems(failure.problems)})
}

function toTamaError(error: Error & {oclif?: {exit?: number}}, argv: readonly string[]): TamaError {
  if (isTamaError(error)) return error
  // oclif's own parse errors (unknown flag, missing argument, bad option value).
  if (error instanceof Errors.CLIError || error.oclif?.exit === 2) {
    return new TamaError('usage', [usageMessage(withArgumentsEscaped(error.message, argv)), ...flagSuggestions(error), 'See --help.'].join('\n'))
  }
  if (error instanceof Errors.ExitError) throw error
  return new TamaError('internal', `Unexpected failure: ${withoutDirectories(error.message)}. Please report it with the command you ran.`)
}

/**
 * oclif's message with each argument it quotes escaped: its lines are the message's
 * layout, and an argument's own line break (a file name's, say) would forge one.
 */
function withArgumentsEscaped(message: string, argv: readonly string[]): string {
  const quoted = argv.flatMap((arg) => [arg, arg.slice(arg.indexOf('=') + 1)]).filter((text) => text !== escapeUnsafe(text))
  return quoted.sort((a, b) => b.length - a.length).reduce((result, text) => result.replaceAll(text, escapeUnsafe(text)), message)
}

// oclif wraps some parse errors in a heading ("The following error occurred:") and a
// help hint; keep only the lines that say what was wrong, one problem per line.
function usageMessage(message: string): string {
  const lines = message
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^The following errors? occurred:$/.test(line) && !/^See more help with/.test(line))
  return lines.join('\n')
}

// oclif's unknown-flag error carries the flags typed and the command's flag definitions.
function flagSuggestions(error: Error): string[] {
  const typed = (error as {flags?: unknown}).flags
  const defined = (error as {parse?: {input?: {flags?: Record<string, unknown>}}}).parse?.input?.flags
  if (!Array.isArray(typed) || defined === undefined) return []
  return typed.flatMap((flag) => {
    const match = typeof flag === 'string' ? closestMatch(flag.replace(/^-+/, '').split('=')[0]!, Object.keys(defined)) : undefined
    return match === undefined ? [] : [`Did you mean --${match}?`]
  })
}

/** Users never see absolute paths: an unexpected error keeps only the last part of any it names. */
export function withoutDirectories(message: string): string {
  return message.replace(/(?<![^\s'"`(=])(?:\/[^\s/'"`:,()]+)+\/([^\s/'"`:,()]+)/g, '$1')
}
