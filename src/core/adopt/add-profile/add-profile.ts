import {PROFILE} from '../../profile/index.js'
import type {AdoptSettings} from '../adopt-options.js'
import type {AdoptWarnings} from '../adopt-warnings.js'
import type {RefResolver} from '../../openapi/index.js'
import {adoptInfo} from './info-object.js'
import {type RenamedId, assignOperationIds} from './operation-ids.js'
import {adoptDestructive, adoptTags, adoptTexts, dropCallbacks, orderOperation} from './operation-object.js'
import {type OperationSite, operationSites} from './operation-sites.js'
import {adoptParameters} from './parameters.js'
import {fitInputSchema} from './input-size.js'
import {adoptRequestBody} from './request-body.js'
import {type ScopeSource, declaredScopes, operationScopes, unmappedScopesError} from './scopes.js'

/** What adding the profile did, for the adoption report. */
export interface ProfileOutcome {
  readonly operations: number
  readonly renamedIds: RenamedId[]
  readonly generatedIds: number
  readonly derivedSummaries: number
  readonly destructive: number
  /** How many operations took their scopes from each rule. */
  readonly scopeSources: Record<ScopeSource, number>
}

/**
 * Turns an OpenAPI 3.1 document into a tama-operations/1 one, in place: operationIds,
 * summaries, tags, request bodies and parameters the profile accepts, then scopes and
 * destructive flags from the settings. Confirmation is left to the profile's default
 * (a destructive operation without a rule needs confirmation on every call).
 * https://github.com/tama-dex/tama-dex/blob/main/docs/profile.md
 */
export function addProfile(document: Record<string, unknown>, settings: AdoptSettings, refs: RefResolver, warnings: AdoptWarnings): ProfileOutcome {
  adoptInfo(document, settings.source, warnings)
  const sites = operationSites(document, refs, warnings, settings.source)
  const ids = assignOperationIds(sites)
  let derivedSummaries = 0
  for (const site of sites) {
    dropCallbacks(site, warnings)
    adoptRequestBody(site, refs, warnings)
    fitInputSchema(site, refs, warnings)
    adoptTags(site, warnings)
    if (adoptTexts(site, settings, warnings)) derivedSummaries++
  }
  for (const group of byPathItem(sites)) adoptParameters(group, refs, warnings)

  if (settings.defaultScopes !== null) document['x-tama-scopes'] = [...settings.defaultScopes]
  else if (document['x-tama-scopes'] !== undefined) declaredScopes(document['x-tama-scopes'], '/x-tama-scopes', settings.source)
  const scopeSources: Record<ScopeSource, number> = {operation: 0, security: 0, tag: 0, method: 0, default: 0}
  const unmapped: OperationSite[] = []
  let destructive = 0
  for (const site of sites) {
    const scopes = operationScopes(site, document, settings)
    if (scopes !== null) {
      site.operation['x-tama-scopes'] = [...scopes.scopes]
      scopeSources[scopes.from]++
    } else if (document['x-tama-scopes'] !== undefined) {
      scopeSources.default++
    } else {
      unmapped.push(site)
    }
    if (adoptDestructive(site, settings)) destructive++
    site.item[site.method] = orderOperation(site.operation)
  }
  if (unmapped.length > 0) throw unmappedScopesError(unmapped, settings)
  warnings.nameOperations(new Map(sites.map((site) => [site.pointer, site.operation.operationId as string])))
  document['x-tama-profile'] = PROFILE
  return {operations: sites.length, renamedIds: ids.renamed, generatedIds: ids.generated, derivedSummaries, destructive, scopeSources}
}

function byPathItem(sites: readonly OperationSite[]): OperationSite[][] {
  const groups = new Map<object, OperationSite[]>()
  for (const site of sites) {
    const group = groups.get(site.item)
    if (group === undefined) groups.set(site.item, [site])
    else group.push(site)
  }
  return [...groups.values()]
}
