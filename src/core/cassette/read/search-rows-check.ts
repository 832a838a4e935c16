import type {OperationRecord} from '../../profile/index.js'
import {SEARCH_DATA_HASH, SEARCH_TABLE_PREFIX, carriedTables, searchRowsOf} from '../../search/index.js'
import {CheckFailure, type StoredCassette, listed} from '../check/index.js'
import {count} from '../../text/index.js'

/**
 * The `search_rows` check of a cassette read in full: search rows tagged with this host's
 * search data must be exactly what the host derives from `records` (the records derived from
 * the embedded documents), so a cassette cannot carry search rows that say something its
 * documents do not. Rows tagged with other search data, or none, are never used: a host
 * derives its own.
 */
export function compareSearchRows(stored: StoredCassette, records: readonly OperationRecord[]): {value: true; detail: string} {
  const {searchRows, meta} = stored
  if (searchRows === null) {
    const why = meta.searchData === null ? 'the cassette carries no search rows' : `its search rows were derived with other search data (${meta.searchData}) than this tama-dex's (${SEARCH_DATA_HASH})`
    return {value: true, detail: `${why}; a host derives its own.`}
  }
  if ('problems' in searchRows) throw new CheckFailure(`the search rows are not what this tama-dex writes: ${listed(searchRows.problems)}.`)
  const derived = searchRowsOf(meta.name, records)
  const findings: string[] = []
  for (const table of carriedTables()) {
    const want = derived.get(table.name)!
    const have = searchRows.rows.get(table.name)!
    if (want.length !== have.length) findings.push(`${SEARCH_TABLE_PREFIX}${table.name} holds ${have.length} rows where ${want.length} are derived`)
    for (const [index, row] of want.entries()) {
      const other = have[index]
      if (other === undefined) break
      const column = table.columns.findIndex((_, at) => row[at] !== other[at])
      if (column >= 0) findings.push(`${SEARCH_TABLE_PREFIX}${table.name} row ${index + 1}: ${table.columns[column]!.name} differs`)
    }
  }
  if (findings.length > 0) {
    throw new CheckFailure(`the search rows differ from those derived from the embedded documents in ${count(findings.length, 'place')}: ${listed(findings)}. A host that pins this file would search by rows its documents do not give.`)
  }
  return {value: true, detail: `the search rows (search data ${SEARCH_DATA_HASH}) are identical to those derived from the embedded documents.`}
}
