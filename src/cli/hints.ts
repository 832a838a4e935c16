import type {Problem} from '../core/errors/index.js'
import {TamaError} from '../core/errors/index.js'
import {TAKEN_BY, wrongKindMessage} from '../core/files/index.js'
import {shellWord} from '../core/text/index.js'

/**
 * The CLI's words for what the library names by its own functions: library messages say
 * `adoptDocument`, the CLI user runs `tama-dex document adopt`.
 */
const CLI_COMMANDS: ReadonlyArray<readonly [library: string, cli: string]> = [
  ['`adoptDocument`', '`tama-dex document adopt`'],
  ['`validateDocument`', '`tama-dex document validate`'],
  ['See `cassettes()`.', 'See tama-dex index list.'],
  ['Import a cassette into it first.', 'Import a cassette into it first (`tama-dex index import FILE --index PATH`).'],
  ['Import a cassette into it.', 'Import a cassette into it (`tama-dex index import FILE --index PATH`).'],
  ['Import a cassette into it:', 'Import a cassette into it (`tama-dex index import FILE --index PATH`):'],
  ['Import a cassette or load a document first.', 'Import a cassette (`tama-dex index import FILE`) or load a document (`tama-dex index load FILE --cassette NAME`) first.'],
  ['Find the operations you can see with search.', 'Find the operations you can see with `tama-dex search WORDS --cassette NAME`.'],
  ['Choose another path for the index.', 'Pass --index with another path.'],
  ['Choose a new file name for the index,', 'Pass --index with a new file name,'],
  ['or choose another file for the index.', 'or pass --index with another file.'],
  ['open the index once where it is writable before', 'open the index once where it is writable (`tama-dex index status`) before'],
]

// The CLI's own commands for a file given where another kind was expected.
const CLI_TAKEN_BY: Readonly<Partial<Record<keyof typeof TAKEN_BY, (path: string) => string>>> = {
  cassette: (path) => `install it with \`tama-dex index import ${path}\`, look inside with \`tama-dex cassette inspect ${path}\`, or search it with \`tama-dex search WORDS --from ${path}\`.`,
  index: (path) => `pass it as \`--index ${path}\` to the index, search and execute commands.`,
  description: (path) =>
    `build a cassette of it with \`tama-dex cassette build --document ${path}\`, install it with \`tama-dex index load ${path} --cassette NAME\`, or search it with \`tama-dex search WORDS --from ${path}\`.`,
}

/** Library text with the functions it names replaced by the CLI commands that run them. */
export function cliText(text: string): string {
  return CLI_COMMANDS.reduce((result, [library, cli]) => result.replaceAll(library, cli), text)
}

/** A problem as the CLI prints it: cliText of its message. */
export function cliProblem(problem: Problem): Problem {
  return {...problem, message: cliText(problem.message)}
}

/** The failure in the CLI's words: cliText throughout, and a wrong kind of file's remedy as the CLI commands that take the file. */
export function withCliRemedy(failure: TamaError): TamaError {
  const {dispatched, details} = failure
  return new TamaError(failure.kind, cliText(wrongFileRemedy(failure)), {dispatched, details, problems: failure.problems.map(cliProblem), cause: failure})
}

function wrongFileRemedy({message, details}: TamaError): string {
  const {file_kind: kind, file, expected} = details
  if (typeof kind !== 'string' || typeof file !== 'string' || typeof expected !== 'string') return message
  const library = TAKEN_BY[kind as keyof typeof TAKEN_BY]
  const cli = CLI_TAKEN_BY[kind as keyof typeof CLI_TAKEN_BY]
  if (library === undefined || cli === undefined) return message
  return wrongKindMessage(file, library.what, expected, cli(shellWord(file)))
}
