import {LIMITS} from '../../profile/index.js'
import type {OperationSite} from './operation-sites.js'

// docs/profile.md#operations
const OPERATION_ID = /^[A-Za-z_][A-Za-z0-9_./-]{0,127}$/

/** An operationId adoption had to change. */
export interface RenamedId {
  /** JSON Pointer to the operationId. */
  readonly pointer: string
  readonly from: string
  readonly to: string
}

export interface IdOutcome {
  readonly renamed: RenamedId[]
  readonly generated: number
}

/**
 * Gives every operation a unique operationId in the profile's grammar, deterministically:
 * ids already valid and unique keep their name (the first in document order wins a
 * duplicate); the rest are rewritten (or generated from method and path when missing)
 * and, when the result is taken, suffixed `_2`, `_3`, ...
 */
export function assignOperationIds(sites: readonly OperationSite[]): IdOutcome {
  const taken = new Set<string>()
  const pending: OperationSite[] = []
  for (const site of sites) {
    const id = site.operation.operationId
    if (typeof id === 'string' && OPERATION_ID.test(id) && !taken.has(id)) taken.add(id)
    else pending.push(site)
  }
  const renamed: RenamedId[] = []
  let generated = 0
  for (const site of pending) {
    const original = site.operation.operationId
    const written = typeof original === 'string' || typeof original === 'number' ? String(original) : ''
    const base = toIdentifier(written) || toIdentifier(`${site.method} ${site.path.replaceAll('/', ' ')}`)
    const id = unique(base, taken)
    taken.add(id)
    site.operation.operationId = id
    if (written === '') generated++
    else renamed.push({pointer: `${site.pointer}/operationId`, from: written, to: id})
  }
  return {renamed, generated}
}

/**
 * The closest string in the operationId grammar: accents dropped, every run of other
 * characters made one `_`, a leading `_` when the first character may not start an id.
 * `get /1.0/instances/{name}` → `get_1.0_instances_name`.
 */
function toIdentifier(text: string): string {
  const ascii = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
  const words = ascii.split(/[^A-Za-z0-9_./-]+/).filter((word) => word !== '')
  if (words.length === 0) return ''
  const joined = words.join('_')
  const id = /^[A-Za-z_]/.test(joined) ? joined : `_${joined}`
  return id.slice(0, LIMITS.operationIdLength)
}

function unique(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) {
    const suffix = `_${n}`
    const candidate = `${base.slice(0, LIMITS.operationIdLength - suffix.length)}${suffix}`
    if (!taken.has(candidate)) return candidate
  }
}
