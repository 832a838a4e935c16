import {type Change, type FindabilityRegression, type ReleaseDiff, releaseLabel} from '../release/index.js'
import {count, formatTable, printable} from '../text/index.js'

/** The human form of a diff: one table row per change, then a summary line. */
export function formatDiff(diff: ReleaseDiff): string {
  const header = `${releaseLabel(diff.old)} → ${releaseLabel(diff.new)}`
  if (diff.identical) return `${header}\nNo changes: both have the same ${count(diff.new.operations, 'operation')}.`
  const rows = [
    ...diff.added.map((operation) => ['added', printable(operation.operation_id, 64), flags(operation), '', detail(operation.detail, operation.summary)]),
    ...diff.removed.map((operation) => ['removed', printable(operation.operation_id, 64), flags(operation), '', detail(operation.detail, operation.summary)]),
    ...diff.changed.flatMap((operation) => operation.changes.map((change) => ['changed', printable(operation.operation_id, 64), flags(change), where(change), change.detail])),
    ...diff.findability.map((regression) => ['findability', printable(regression.operation_id, 64), '', regression.by, findabilityDetail(regression)]),
  ]
  const {summary} = diff
  return [
    header,
    formatTable(['CHANGE', 'OPERATION', 'FLAGS', 'WHERE', 'WHAT'], rows),
    `${summary.added} added, ${summary.removed} removed, ${summary.changed} changed; ${summary.breaking} breaking, ${summary.security} security-relevant, ${summary.findability} findability ${summary.findability === 1 ? 'regression' : 'regressions'}.`,
  ].join('\n')
}

/** What a findability regression says: the request, and where it ranked the operation in each release. */
export function findabilityDetail(regression: FindabilityRegression): string {
  const request = `"${printable(regression.request, 80)}"`
  const now = regression.new_rank === null ? 'does not find it' : `finds it only #${regression.new_rank}`
  return regression.by === 'summary' ? `its own summary found it #${regression.old_rank}; now ${request} ${now}` : `example request ${request} found it #${regression.old_rank}; now it ${now}`
}

function flags(entry: {readonly breaking: boolean; readonly security: boolean}): string {
  return [entry.breaking ? 'BREAKING' : '', entry.security ? 'SECURITY' : ''].filter((flag) => flag !== '').join(' ')
}

function where(change: Change): string {
  if (change.at === null) return change.field
  const root = change.field === 'input_schema' ? 'input' : 'output'
  return change.at === '' ? root : `${root}.${change.at}`
}

function detail(text: string, summary: string): string {
  return summary === '' ? text : `${text} (${printable(summary, 60)})`
}
