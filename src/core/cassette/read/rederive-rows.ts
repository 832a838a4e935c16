import type {Problem} from '../../errors/index.js'
import type {OperationRecord} from '../../profile/index.js'
import {canonicalForm, differingColumn} from '../format/index.js'
import {CheckFailure, MAX_LISTED, type StoredCassette, listed} from '../check/index.js'
import {type DocumentRow, type DocumentToDerive, deriveRows, withinDataLimits} from '../write/index.js'
import {count, quote} from '../../text/index.js'

/** How problems name an embedded document of a cassette. */
function embeddedSource(source: string, document: DocumentRow): string {
  return `${source} document ${document.id}`
}

/**
 * Re-validates every embedded document and derives the operation rows from them, as a
 * build of those documents would. With `compare`, the derived rows must equal the stored
 * ones byte for byte (verification); without, the stored rows are ignored and only the
 * derived records returned (a host that does not trust the prebuilt rows).
 */
export function rederiveRows(stored: StoredCassette, source: string, compare: boolean): {value: OperationRecord[]; detail: string} {
  const problems: Problem[] = []
  const parsed: DocumentToDerive[] = []
  for (const document of stored.documents) {
    const where = embeddedSource(source, document)
    try {
      const value: unknown = JSON.parse(document.json)
      const form = canonicalForm(value)
      if (form.json !== document.json) problems.push({source: where, pointer: '', message: 'is not stored as canonical JSON (RFC 8785).'})
      parsed.push({id: document.id, source: where, value, withinDataLimits: withinDataLimits(form)})
    } catch {
      problems.push({source: where, pointer: '', message: 'is not JSON.'})
    }
  }
  const derived = deriveRows(parsed)
  problems.push(...derived.problems)
  for (const [index, document] of parsed.entries()) {
    const info = derived.documents[index]?.info
    const row = stored.documents[document.id - 1]!
    if (info !== undefined && (info.title !== row.title || info.version !== row.version)) {
      problems.push({source: document.source, pointer: '/info', message: `title and version are stored as ${quote(row.title)} ${quote(row.version)}, but the document says ${quote(info.title)} ${quote(info.version)}.`})
    }
  }
  if (problems.length > 0) {
    throw new CheckFailure(`re-validating the embedded documents found ${count(problems.length, 'problem')}.`, problems.slice(0, MAX_LISTED * 5))
  }
  if (derived.rows.length !== stored.meta.operations) {
    throw new CheckFailure(`the embedded documents give ${count(derived.rows.length, 'operation')}, but the cassette says ${stored.meta.operations}.`)
  }
  if (!compare) return {value: derived.records, detail: `${count(parsed.length, 'embedded document')} re-validated; ${count(derived.rows.length, 'operation')} derived from them.`}
  const findings: string[] = []
  for (const [index, row] of derived.rows.entries()) {
    const column = differingColumn(stored.operations[index]!, row)
    if (column !== null) findings.push(`operation row ${row.id} (${quote(row.operationId)}): ${column} differs`)
  }
  if (findings.length > 0) {
    throw new CheckFailure(`the rows derived from the embedded documents differ from the stored rows in ${count(findings.length, 'row')}: ${listed(findings)}.`)
  }
  return {value: derived.records, detail: `${count(parsed.length, 'embedded document')} re-validated; the ${count(derived.rows.length, 'operation row')} derived from them are identical to the stored rows.`}
}
