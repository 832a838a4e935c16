import {type Remedy, TamaError, passOption} from '../errors/index.js'
import {isObject} from '../json/index.js'
import {METHODS} from '../openapi/index.js'
import {LIMITS} from '../profile/index.js'
import {type KeywordMap, checkKeywordMap} from './merge-keywords.js'

/** The HTTP methods of an OpenAPI Path Item, in the specification's order. */
export const HTTP_METHODS = METHODS
export type HttpMethod = (typeof HTTP_METHODS)[number]

/** Safe methods (RFC 9110 §9.2.1): the ones `readScopes` applies to; every other method is a write. */
export const READ_METHODS: ReadonlySet<HttpMethod> = new Set(['get', 'head', 'options', 'trace'])

/**
 * How `adoptDocument` fills in the profile. Scope rules are tried per operation in this
 * order, the first that yields scopes winning (docs/adoption.md#scopes):
 * the operation's own `x-tama-scopes` > `scopesFromSecurity` > `tagScopes` >
 * `readScopes`/`writeScopes` > `defaultScopes` (written as the document-level default).
 * A scope list of `[]` means any caller; `null` means the rule is not used.
 */
export interface AdoptOptions {
  /** The input's name as the caller gave it, put on problems and messages. */
  readonly source?: string
  /** Document-level `x-tama-scopes` for operations no other rule maps. `[]`: any caller. */
  readonly defaultScopes?: readonly string[] | null
  /** Scopes from each operation's OpenAPI `security` (else the document's): every scope listed. */
  readonly scopesFromSecurity?: boolean
  /** Tag name to scopes; an operation takes the scopes of all its mapped tags. */
  readonly tagScopes?: Readonly<Record<string, readonly string[]>>
  /** Scopes for GET, HEAD, OPTIONS and TRACE operations. */
  readonly readScopes?: readonly string[] | null
  /** Scopes for every other method. */
  readonly writeScopes?: readonly string[] | null
  /** Methods whose operations are marked `x-tama-destructive: true` (unless they say otherwise). */
  readonly destructiveMethods?: readonly HttpMethod[]
  /** Longest summary derived from a description, in characters. */
  readonly summaryLength?: number
  /** Refuse the input (invalid_document) instead of repairing a mistake in it; see PROFILE_LOSS_KINDS for what is not a mistake. */
  readonly strict?: boolean
  /** Adopt only operations with at least one of these tags. */
  readonly includeTags?: readonly string[]
  /** Leave out operations with any of these tags (after includeTags). */
  readonly excludeTags?: readonly string[]
  /** Adopt only operations whose path is one of these prefixes or lies under one (`/users` takes `/users/{id}`, not `/usersettings`). */
  readonly includePaths?: readonly string[]
  /** A producer's keyword map, operationId or tag → keywords, merged into `x-tama-keywords` (merge-keywords.ts). */
  readonly keywords?: KeywordMap
}

/** Every default of AdoptOptions. Scopes have none: adoption never guesses who may call. */
export const ADOPT_DEFAULTS = Object.freeze({
  source: 'input',
  defaultScopes: null,
  scopesFromSecurity: false,
  tagScopes: Object.freeze({}),
  readScopes: null,
  writeScopes: null,
  destructiveMethods: Object.freeze(['delete']),
  summaryLength: 120,
  strict: false,
  includeTags: Object.freeze([]),
  excludeTags: Object.freeze([]),
  includePaths: Object.freeze([]),
  keywords: Object.freeze({}),
} as const satisfies Required<AdoptOptions>)

/** AdoptOptions with every default applied and every value checked. */
export interface AdoptSettings {
  readonly source: string
  readonly defaultScopes: readonly string[] | null
  readonly scopesFromSecurity: boolean
  readonly tagScopes: ReadonlyMap<string, readonly string[]>
  readonly readScopes: readonly string[] | null
  readonly writeScopes: readonly string[] | null
  readonly destructiveMethods: ReadonlySet<HttpMethod>
  readonly summaryLength: number
  readonly strict: boolean
  readonly subset: OperationSubset
  readonly keywords: KeywordMap
}

/** Which operations to adopt; every list empty takes them all. */
export interface OperationSubset {
  readonly includeTags: ReadonlySet<string>
  readonly excludeTags: ReadonlySet<string>
  readonly includePaths: readonly string[]
}

// docs/profile.md#x-tama-scopes: 1–128 printable ASCII characters without spaces.
const SCOPE = /^[\x21-\x7e]+$/

/** A scope string the profile accepts. */
export function isScope(value: unknown): value is string {
  return typeof value === 'string' && value.length <= LIMITS.scopeLength && SCOPE.test(value)
}

/** Applies ADOPT_DEFAULTS and refuses malformed values with a usage error naming the option as `key`. */
export function resolveAdoptOptions(options: AdoptOptions): AdoptSettings {
  const settings: Required<AdoptOptions> = {...ADOPT_DEFAULTS, ...withoutUndefined(options)}
  if (!isObject(settings.tagScopes)) throw usage('The tag scopes are not an object.', passOption('tagScopes', 'as an object from tag names to scope lists'))
  if (!Array.isArray(settings.destructiveMethods)) throw usage('The destructive methods are not a list.', passOption('destructiveMethods', 'as a list of HTTP methods'))
  const tagScopes = new Map<string, readonly string[]>()
  for (const [tag, scopes] of Object.entries(settings.tagScopes)) {
    if (tag === '') throw usage('A tag scope has an empty tag name.', TAG_SCOPE)
    tagScopes.set(tag, scopeList(scopes, 'tagScopes', `The tag scopes of ${JSON.stringify(tag)}`))
  }
  const destructiveMethods = new Set<HttpMethod>()
  for (const method of settings.destructiveMethods) {
    if (!(HTTP_METHODS as readonly string[]).includes(method)) {
      throw usage(`"${String(method)}" is not an HTTP method.`, passOption('destructiveMethods', `with one of ${HTTP_METHODS.join(', ')}`))
    }
    destructiveMethods.add(method)
  }
  const summaryLength = settings.summaryLength
  if (!Number.isInteger(summaryLength) || summaryLength < 16 || summaryLength > LIMITS.summaryLength) {
    throw usage(`summaryLength must be an integer from 16 to ${LIMITS.summaryLength}.`)
  }
  return {
    source: settings.source,
    defaultScopes: settings.defaultScopes === null ? null : scopeList(settings.defaultScopes, 'defaultScopes', 'The default scopes'),
    scopesFromSecurity: settings.scopesFromSecurity === true,
    tagScopes,
    readScopes: settings.readScopes === null ? null : scopeList(settings.readScopes, 'readScopes', 'The read scopes'),
    writeScopes: settings.writeScopes === null ? null : scopeList(settings.writeScopes, 'writeScopes', 'The write scopes'),
    destructiveMethods,
    summaryLength,
    strict: settings.strict === true,
    subset: {
      includeTags: new Set(stringList(settings.includeTags, 'includeTags', 'The tags to include')),
      excludeTags: new Set(stringList(settings.excludeTags, 'excludeTags', 'The tags to exclude')),
      includePaths: stringList(settings.includePaths, 'includePaths', 'The paths to include').map((prefix) => {
        if (!prefix.startsWith('/')) throw usage(`The path prefix ${JSON.stringify(prefix)} does not start with "/".`, passOption('includePaths', 'with a prefix such as /users'))
        return prefix
      }),
    },
    keywords: checkKeywordMap(settings.keywords, 'keywords'),
  }
}

/**
 * The scope and method options as a command line writes them: repeated values, each a
 * string. `adoptOptionsFromText` turns them into AdoptOptions.
 */
export interface AdoptOptionsText {
  /** Document-level scopes; excludes `defaultAnyone`. */
  readonly defaultScopes?: readonly string[]
  /** Operations no other rule maps are open to any caller (`defaultScopes: []`). */
  readonly defaultAnyone?: boolean
  /** `TAG=SCOPE` entries; `TAG=` maps the tag to any caller. */
  readonly tagScopes?: readonly string[]
  readonly readScopes?: readonly string[]
  readonly writeScopes?: readonly string[]
  /** HTTP methods, or the single word `none` for no method. */
  readonly destructiveMethods?: readonly string[]
}

/**
 * AdoptOptions from their text form, with every value checked (resolveAdoptOptions), so a
 * mistake is refused before any input is read. Messages name options as `key`.
 */
export function adoptOptionsFromText(text: AdoptOptionsText, rest: Omit<AdoptOptions, keyof AdoptOptionsText> = {}): AdoptOptions {
  if (text.defaultAnyone === true && text.defaultScopes !== undefined) {
    throw usage('Default scopes and opening operations to any caller exclude each other.', {
      kind: 'pass-option',
      choices: [{option: 'defaultScopes', value: 'alone'}, {option: 'defaultAnyone', value: 'alone'}],
    })
  }
  const options: AdoptOptions = {
    ...rest,
    defaultScopes: text.defaultAnyone === true ? [] : (text.defaultScopes ?? null),
    tagScopes: tagScopesFromText(text.tagScopes ?? []),
    readScopes: text.readScopes ?? null,
    writeScopes: text.writeScopes ?? null,
    destructiveMethods: destructiveMethodsFromText(text.destructiveMethods),
  }
  resolveAdoptOptions(options)
  return options
}

// `TAG=SCOPE` entries as a map from tag to scopes; the tag itself is checked by resolveAdoptOptions.
function tagScopesFromText(entries: readonly string[]): Record<string, string[]> {
  const map = new Map<string, string[]>()
  for (const entry of entries) {
    const split = entry.indexOf('=')
    if (split < 0) throw usage(`The tag scope ${JSON.stringify(entry)} has no "=".`, TAG_SCOPE)
    const [tag, scope] = [entry.slice(0, split), entry.slice(split + 1)]
    const scopes = map.get(tag) ?? []
    if (scope !== '') scopes.push(scope)
    map.set(tag, scopes)
  }
  return Object.fromEntries(map)
}

function destructiveMethodsFromText(methods: readonly string[] | undefined): readonly HttpMethod[] | undefined {
  if (methods === undefined || !methods.includes('none')) return methods as readonly HttpMethod[] | undefined
  if (methods.length > 1) throw usage('The destructive method none cannot be combined with a method.', passOption('destructiveMethods', 'none alone, or methods only'))
  return []
}

function stringList(values: unknown, option: string, what: string): string[] {
  if (!Array.isArray(values) || !values.every((value) => typeof value === 'string' && value !== '')) throw usage(`${what} are not a list of non-empty strings.`, passOption(option, 'as a list of non-empty strings'))
  return [...new Set(values as string[])].sort()
}

/** True when at least one option maps operations to scopes. */
export function hasScopeRule(settings: AdoptSettings): boolean {
  return (
    settings.defaultScopes !== null ||
    settings.scopesFromSecurity ||
    settings.tagScopes.size > 0 ||
    settings.readScopes !== null ||
    settings.writeScopes !== null
  )
}

/** The scopes given as `option`, which `what` names in messages. */
function scopeList(scopes: unknown, option: string, what: string): readonly string[] {
  if (!Array.isArray(scopes)) throw usage(`${what} are not a list.`, passOption(option, 'as a list of scopes'))
  for (const scope of scopes) {
    if (!isScope(scope)) {
      throw usage(`${what}: ${JSON.stringify(scope)} is not a scope.`, passOption(option, `with 1–${LIMITS.scopeLength} printable ASCII characters without spaces, e.g. incus.read`))
    }
  }
  if (scopes.length > LIMITS.scopesPerOperation) throw usage(`${what} are more than ${LIMITS.scopesPerOperation}.`, passOption(option, `with at most ${LIMITS.scopesPerOperation} scopes`))
  return [...new Set(scopes)]
}

function withoutUndefined(options: AdoptOptions): Partial<AdoptOptions> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined))
}

function usage(message: string, remedy?: Remedy): TamaError {
  return new TamaError('usage', message, {remedy})
}

/** Adopting a subset of the operations: each option repeatable. */
export const SUBSET_REMEDY: Remedy = {
  kind: 'pass-option',
  choices: [
    {option: 'includeTags', value: 'TAG'},
    {option: 'excludeTags', value: 'TAG'},
    {option: 'includePaths', value: 'PREFIX (each repeatable)'},
  ],
}

const TAG_SCOPE = passOption('tagScopes', 'as TAG=SCOPE, e.g. instances=incus.instances')
