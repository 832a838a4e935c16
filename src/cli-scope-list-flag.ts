import {scopeFlag} from './cli-flags.js'

/** Caller scopes as a shell user writes them: `--scope a,b` or `--scope a --scope b`. */
export const scopeListFlag = {
  ...scopeFlag,
  description: 'A scope the caller holds; several separated by commas or by repeating the flag. Operations needing a scope not given are invisible.',
  delimiter: ',',
  // One value per --scope, so the words of a search may follow it.
  multipleNonGreedy: true,
} as typeof scopeFlag
