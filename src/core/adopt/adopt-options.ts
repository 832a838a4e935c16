import {TamaError} from '../errors/tama-error.js'
import {isObject} from '../profile/json-value.js'
import {METHODS} from '../profile/collect-operations.js'
import {LIMITS} from '../profile/limits.js'
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
  readonly keywords: KeywordMap
}

/** The flag that sets each option on `tama-dex document adopt`, for messages. */
export const OPTION_FLAGS = Object.freeze({
  defaultScopes: '--default-scope',
  scopesFromSecurity: '--scopes-from-security',
  tagScopes: '--tag-scope',
  readScopes: '--read-scope',
  writeScopes: '--write-scope',
  destructiveMethods: '--destructive-method',
  keywords: '--keywords',
})

// docs/profile.md#x-tama-scopes: 1–128 printable ASCII characters without spaces.
const SCOPE = /^[\x21-\x7e]+$/

/** A scope string the profile accepts. */
export function isScope(value: unknown): value is string {
  return typeof value === 'string' && value.length <= LIMITS.scopeLength && SCOPE.test(value)
}

/** Applies ADOPT_DEFAULTS and refuses malformed values with a usage error naming the flag. */
export function resolveAdoptOptions(options: AdoptOptions): AdoptSettings {
  const settings: Required<AdoptOptions> = {...ADOPT_DEFAULTS, ...withoutUndefined(options)}
  if (!isObject(settings.tagScopes)) throw usage(`${OPTION_FLAGS.tagScopes}: expected an object from tag names to scope lists.`)
  if (!Array.isArray(settings.destructiveMethods)) throw usage(`${OPTION_FLAGS.destructiveMethods}: expected a list of HTTP methods.`)
  const tagScopes = new Map<string, readonly string[]>()
  for (const [tag, scopes] of Object.entries(settings.tagScopes)) {
    if (tag === '') throw usage(`${OPTION_FLAGS.tagScopes}: the tag name is empty. Write TAG=SCOPE, e.g. instances=incus.instances.`)
    tagScopes.set(tag, scopeList(scopes, `${OPTION_FLAGS.tagScopes} ${tag}=`))
  }
  const destructiveMethods = new Set<HttpMethod>()
  for (const method of settings.destructiveMethods) {
    if (!(HTTP_METHODS as readonly string[]).includes(method)) {
      throw usage(`${OPTION_FLAGS.destructiveMethods}: "${String(method)}" is not an HTTP method. Use one of ${HTTP_METHODS.join(', ')}.`)
    }
    destructiveMethods.add(method)
  }
  const summaryLength = settings.summaryLength
  if (!Number.isInteger(summaryLength) || summaryLength < 16 || summaryLength > LIMITS.summaryLength) {
    throw usage(`summaryLength must be an integer from 16 to ${LIMITS.summaryLength}.`)
  }
  return {
    source: settings.source,
    defaultScopes: settings.defaultScopes === null ? null : scopeList(settings.defaultScopes, OPTION_FLAGS.defaultScopes),
    scopesFromSecurity: settings.scopesFromSecurity === true,
    tagScopes,
    readScopes: settings.readScopes === null ? null : scopeList(settings.readScopes, OPTION_FLAGS.readScopes),
    writeScopes: settings.writeScopes === null ? null : scopeList(settings.writeScopes, OPTION_FLAGS.writeScopes),
    destructiveMethods,
    summaryLength,
    keywords: checkKeywordMap(settings.keywords, OPTION_FLAGS.keywords),
  }
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

function scopeList(scopes: unknown, flag: string): readonly string[] {
  if (!Array.isArray(scopes)) throw usage(`${flag}: expected a list of scopes.`)
  for (const scope of scopes) {
    if (!isScope(scope)) {
      throw usage(`${flag}: ${JSON.stringify(scope)} is not a scope: use 1–${LIMITS.scopeLength} printable ASCII characters without spaces (e.g. incus.read).`)
    }
  }
  if (scopes.length > LIMITS.scopesPerOperation) throw usage(`${flag}: at most ${LIMITS.scopesPerOperation} scopes.`)
  return [...new Set(scopes)]
}

function withoutUndefined(options: AdoptOptions): Partial<AdoptOptions> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined))
}

function usage(message: string): TamaError {
  return new TamaError('usage', message)
}
