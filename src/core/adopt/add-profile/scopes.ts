import {type Problem, type Remedy, TamaError} from '../../errors/index.js'
import {childPointer, isObject} from '../../json/index.js'
import {LIMITS} from '../../profile/index.js'
import {type AdoptSettings, READ_METHODS, hasScopeRule, isScope} from '../adopt-options.js'
import type {OperationSite} from './operation-sites.js'

/** Which rule gave an operation its scopes (docs/adoption.md#scopes). */
export type ScopeSource = 'operation' | 'security' | 'tag' | 'method' | 'default'

export interface OperationScopes {
  readonly scopes: readonly string[]
  readonly from: ScopeSource
}

/**
 * The scopes of one operation from the first rule that yields any: its own
 * `x-tama-scopes`, then its OpenAPI `security`, its tags, its method class. null when
 * none does, leaving the operation to the document-level default.
 */
export function operationScopes(site: OperationSite, document: Record<string, unknown>, settings: AdoptSettings): OperationScopes | null {
  const own = site.operation['x-tama-scopes']
  if (own !== undefined) return {scopes: declaredScopes(own, childPointer(site.pointer, 'x-tama-scopes'), settings.source), from: 'operation'}
  if (settings.scopesFromSecurity) {
    const scopes = securityScopes(site, document, settings.source)
    if (scopes.length > 0) return {scopes: bounded(scopes, site), from: 'security'}
  }
  const tags = Array.isArray(site.operation.tags) ? (site.operation.tags as string[]) : []
  const mapped = tags.filter((tag) => settings.tagScopes.has(tag))
  if (mapped.length > 0) return {scopes: bounded(mapped.flatMap((tag) => settings.tagScopes.get(tag)!), site), from: 'tag'}
  const byMethod = READ_METHODS.has(site.method) ? settings.readScopes : settings.writeScopes
  if (byMethod !== null) return {scopes: byMethod, from: 'method'}
  return null
}

/** `x-tama-scopes` a document already declares, refused when malformed: never guess a wider rule. */
export function declaredScopes(value: unknown, pointer: string, source: string): readonly string[] {
  if (Array.isArray(value) && value.length <= LIMITS.scopesPerOperation && value.every(isScope)) return value
  const message = `x-tama-scopes must be an array of at most ${LIMITS.scopesPerOperation} scopes (printable ASCII without spaces, 1–${LIMITS.scopeLength} characters).`
  throw new TamaError('invalid_document', `${source}#${pointer}: ${message} Fix it, or remove it to let the adoption options decide.`, {
    problems: [{source, pointer, message}],
  })
}

/**
 * Every scope named by the operation's security requirements (else the document's), in
 * order of appearance. OpenAPI alternatives (`[{a: [x]}, {b: [y]}]`) cannot be kept as
 * such — a caller must hold all of an operation's scopes — so all are required: the
 * narrower reading, never the wider one.
 * https://spec.openapis.org/oas/v3.1.0#security-requirement-object
 */
function securityScopes(site: OperationSite, document: Record<string, unknown>, source: string): string[] {
  const own = site.operation.security
  const [requirements, pointer] = own === undefined ? [document.security, '/security'] : [own, childPointer(site.pointer, 'security')]
  const scopes = new Set<string>()
  if (!Array.isArray(requirements)) return []
  requirements.forEach((requirement, index) => {
    if (!isObject(requirement)) return
    for (const [scheme, list] of Object.entries(requirement)) {
      if (!Array.isArray(list)) continue
      list.forEach((scope, position) => {
        if (isScope(scope)) return void scopes.add(scope)
        const at = childPointer(childPointer(childPointer(pointer, index), scheme), position)
        const message = `security scope ${JSON.stringify(scope)} is not a profile scope (printable ASCII without spaces, 1–${LIMITS.scopeLength} characters).`
        throw new TamaError('invalid_document', `${source}#${at}: ${message} Map this operation another way (\`tagScopes\`, \`readScopes\`/\`writeScopes\`) or leave out \`scopesFromSecurity\`.`, {
          problems: [{source, pointer: at, message}],
        })
      })
    }
  })
  return [...scopes]
}

function bounded(scopes: readonly string[], site: OperationSite): readonly string[] {
  const unique = [...new Set(scopes)]
  if (unique.length <= LIMITS.scopesPerOperation) return unique
  throw new TamaError('usage', `${site.operation.operationId as string} would need ${unique.length} scopes; an operation may require at most ${LIMITS.scopesPerOperation}. Map fewer scopes to its tags.`)
}

// Operations named as problems when no rule covers them; the message gives the count.
const LISTED = 50

/**
 * The fail-closed refusal when operations are left with no scope: the profile has no
 * implicit "anyone", so adoption never writes one the producer did not ask for.
 */
export function unmappedScopesError(unmapped: readonly OperationSite[], settings: AdoptSettings): TamaError {
  const problems: Problem[] = unmapped.slice(0, LISTED).map((site) => ({
    source: settings.source,
    pointer: site.pointer,
    message: `${site.method.toUpperCase()} ${site.path} (${String(site.operation.operationId)}) gets no scope.`,
  }))
  const subject = unmapped.length === 1 ? `1 operation of ${settings.source} gets` : `${unmapped.length} operations of ${settings.source} get`
  const mapped = hasScopeRule(settings)
  const message = mapped
    ? `${subject} no scope from the options given, and the profile has no implicit "anyone".`
    : `No scope option given: say who may see and run the operations of ${settings.source}, the profile has no implicit "anyone".`
  const remedy: Remedy = {
    kind: 'pass-option',
    choices: [
      {option: 'defaultScopes', value: 'SCOPE'},
      {option: 'defaultScopes: []', value: 'to let any caller see and run them'},
      ...(mapped ? [] : [{option: 'scopesFromSecurity', value: 'to take them from the security requirements'}]),
      {option: 'tagScopes', value: 'TAG=SCOPE'},
      {option: 'readScopes', value: 'SCOPE'},
      {option: 'writeScopes', value: 'SCOPE'},
    ],
  }
  if (!mapped) return new TamaError('usage', message, {remedy})
  return new TamaError('usage', message, {problems, details: {unmappedOperations: unmapped.length}, remedy})
}
