import type {OperationRecord} from '../operation-record.js'

/**
 * What an operation says it does in one line: its summary, or, when it has none (the
 * profile allows a description alone), the first line of its description.
 */
export function operationSummary(record: Pick<OperationRecord, 'summary' | 'description'>): string {
  if (record.summary.trim() !== '') return record.summary
  return record.description.trim().split('\n', 1)[0] ?? ''
}
