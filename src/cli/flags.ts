// oclif's flags module alone, not its index: `tama-dex mcp` checks its flags before oclif loads.
import * as Flags from '@oclif/core/flags'

/** oclif shows help (or the version) for these wherever they stand, before it parses flags: an early start leaves them to it. */
export const HELP_AND_VERSION_FLAGS: readonly string[] = ['--help', '-h', '--version']

/** Flags shared by every command that reads or writes a host index. */
export const indexFlags = {
  index: Flags.string({
    description: 'Index file. Default: $TAMA_DEX_INDEX, else $XDG_DATA_HOME/tama-dex/index.sqlite3 (created by the first install that succeeds; reading commands never create it).',
    helpValue: 'PATH',
  }),
}

/** Caller scopes as a shell user writes them: `--scope a,b` or `--scope a --scope b`. */
export const scopeFlag = Flags.string({
  description: 'A scope the caller holds; several separated by commas or by repeating the flag. Operations needing a scope not given are invisible.',
  multiple: true,
  delimiter: ',',
  // One value per --scope, so the words of a search may follow it.
  multipleNonGreedy: true,
  default: [],
  // Shown in help as nothing rather than an empty `[default: ]`.
  defaultHelp: async () => undefined,
  helpValue: 'SCOPE',
})
