import {type RemedyTable, type TamaError, passChoices, renderRemedy} from '../core/errors/index.js'
import {shellWord} from '../core/text/index.js'
import {confirmFlag} from './confirmation.js'

/** A command's flag for each library option it sets, by the option's key (`failOn` → `--fail-on`). */
export type OptionFlags = Readonly<Record<string, string>>

/** Each remedy in the CLI's words: the command's flags for the options, and the commands that do the rest. */
function cliRemedyText(flags: OptionFlags): RemedyTable {
  return {
    'pass-option': ({choices}) => passChoices(choices, (option) => flags[option] ?? `\`${option}\``),
    'install-first': () => 'Import a cassette (`tama-dex index import FILE --index PATH`) or load a document (`tama-dex index load FILE --cassette NAME`) into it first.',
    search: () => 'Find the operations you can see with `tama-dex search WORDS --cassette NAME`.',
    'list-cassettes': () => 'See tama-dex index list.',
    'another-index': () => 'Pass --index with another path.',
    'open-writable': () => 'Make the folder writable, or open the index once where it is writable (`tama-dex index status --index PATH`) before making it read-only.',
    confirm: ({echo, missing}) => `Run it again with ${confirmFlag(echo)}${missing ? ` (and add ${echo} to the input)` : ''}.`,
    'other-command': ({file, fileKind}) => OTHER_COMMANDS[fileKind](shellWord(file)),
  }
}

// The CLI's own commands for a file given where another kind was expected.
const OTHER_COMMANDS = {
  cassette: (path: string) => `Install it with \`tama-dex index import ${path}\`, look inside with \`tama-dex cassette inspect ${path}\`, or search it with \`tama-dex search WORDS --from ${path}\`.`,
  index: (path: string) => `Pass it as \`--index ${path}\` to the index, search and execute commands.`,
  description: (path: string) =>
    `Build a cassette of it with \`tama-dex cassette build --document ${path}\`, install it with \`tama-dex index load ${path} --cassette NAME\`, or search it with \`tama-dex search WORDS --from ${path}\`.`,
} as const

/** The failure's message in the CLI's words: what was wrong, then its remedy rendered with the command's flags. */
export function cliMessage(failure: TamaError, flags: OptionFlags = {}): string {
  return failure.remedy === undefined ? failure.fault : `${failure.fault} ${renderRemedy(failure.remedy, cliRemedyText(flags))}`
}
