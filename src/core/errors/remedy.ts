/**
 * What the caller should do about a failure, as data: the library, the CLI and the MCP
 * tools each render it in their own words from one table (REMEDY_TEXT here for the
 * library; src/cli and core/mcp hold the others), so no surface rewrites another's English.
 */
export type Remedy =
  /** Pass one of `choices`: the options at fault, by the library's key, first the one most callers want. */
  | {readonly kind: 'pass-option'; readonly choices: readonly [OptionChoice, ...OptionChoice[]]}
  /** The index holds nothing yet: install a cassette (or load a document) into it. */
  | {readonly kind: 'install-first'}
  /** Find the operations the caller may see with search. */
  | {readonly kind: 'search'}
  /** See which cassettes are installed. */
  | {readonly kind: 'list-cassettes'}
  /** The path cannot be the index: use another one. */
  | {readonly kind: 'another-index'}
  /** Open the index once where it is writable, so it is current before it is read only. */
  | {readonly kind: 'open-writable'}
  /** Satisfy the operation's confirmation rule: confirm with true (`echo` null) or with the value of input field `echo`, sending it when `missing`. */
  | {readonly kind: 'confirm'; readonly echo: string | null; readonly missing: boolean}
  /** The file is of another kind than the one expected: use it with what takes that kind. */
  | {readonly kind: 'other-command'; readonly file: string; readonly fileKind: 'cassette' | 'index' | 'description'}

/** An option to pass and, when one is meant, what to give it (else another value than the one given). */
export interface OptionChoice {
  /** The option as a library caller writes it: its key (`failOn`), or key and value where the value is the point (`defaultScopes: []`). */
  readonly option: string
  readonly value?: string
}

export type RemedyKind = Remedy['kind']

/** One rendering of each kind of remedy, for one audience. */
export type RemedyTable = {readonly [K in RemedyKind]: (remedy: Extract<Remedy, {kind: K}>) => string}

/** Renders `remedy` with `table`. */
export function renderRemedy(remedy: Remedy, table: RemedyTable): string {
  return (table[remedy.kind] as (remedy: Remedy) => string)(remedy)
}

/** `confirm: true`, or the echoed field's value, as a library caller or an agent passes it. */
export function confirmArgument({echo, missing}: Extract<Remedy, {kind: 'confirm'}>): string {
  if (echo === null) return 'confirm: true'
  return `confirm: "<value of input.${echo}>"${missing ? ` (input.${echo} is missing: send it too)` : ''}`
}

/** The remedy of passing `option` (with `value`, when one is meant). */
export function passOption(option: string, value?: string): Remedy {
  return {kind: 'pass-option', choices: [value === undefined ? {option} : {option, value}]}
}

/** "Pass `a` VALUE, or another `b`." with each option named by `name`. */
export function passChoices(choices: readonly OptionChoice[], name: (option: string) => string): string {
  return `Pass ${choices.map(({option, value}) => (value === undefined ? `another ${name(option)}` : `${name(option)} ${value}`)).join(', or ')}.`
}

/** The library's words: options by key, functions by name. */
export const REMEDY_TEXT: RemedyTable = {
  'pass-option': ({choices}) => passChoices(choices, (option) => `\`${option}\``),
  'install-first': () => 'Import a cassette or load a document into it first.',
  search: () => 'Find the operations you can see with search.',
  'list-cassettes': () => 'See `cassettes()`.',
  'another-index': () => 'Choose another path for the index.',
  'open-writable': () => 'Make the folder writable, or open the index once where it is writable.',
  confirm: (remedy) => `To proceed, call again with ${confirmArgument(remedy)}.`,
  'other-command': ({fileKind}) => OTHER_USE[fileKind],
}

/** Every kind of remedy, in the order of the tables. */
export const REMEDY_KINDS = Object.keys(REMEDY_TEXT) as RemedyKind[]

const OTHER_USE = {
  cassette: 'Install it in an index, read its meta and operations, or search it alone in a private index.',
  index: 'Open it as an index.',
  description: 'Build a cassette of it, load it into an index, or search it alone in a private index.',
} as const
