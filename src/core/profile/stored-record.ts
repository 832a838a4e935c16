import type {OperationRecord} from './operation-record.js'

/**
 * The record as cassettes and indexes store it: empty `keywords` and `examples` are left
 * out, so a document without them builds the same bytes it built before they existed, and
 * those cassettes still verify. Readers take a missing one as [].
 */
export function storedRecord(record: OperationRecord): Partial<OperationRecord> {
  if (record.keywords.length > 0 && record.examples.length > 0) return record
  // Filtered rather than spread, so the members keep their order.
  return Object.fromEntries(Object.entries(record).filter(([key]) => !((key === 'keywords' || key === 'examples') && record[key].length === 0))) as Partial<OperationRecord>
}

/** A record as stored: `keywords` and `examples` only when not empty. */
export type StoredRecord<T = OperationRecord> = Omit<T, 'keywords' | 'examples'> & Partial<Pick<OperationRecord, 'keywords' | 'examples'>>

/** A stored record read back: a missing `keywords` or `examples` is []. */
export function readStoredRecord<T>(stored: StoredRecord<T>): Omit<T, 'keywords' | 'examples'> & Pick<OperationRecord, 'keywords' | 'examples'> {
  return {...stored, keywords: stored.keywords ?? [], examples: stored.examples ?? []}
}
