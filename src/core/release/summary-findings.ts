import {type OperationRecord, operationSummary} from '../profile/index.js'
import {words} from '../search/index.js'
import {printable, quote} from '../text/index.js'

/** Fewer words than this say too little to be found among similar operations. */
export const MIN_SUMMARY_WORDS = 3
/** A summary is one line an agent reads in a result list. */
export const MAX_SUMMARY_CHARACTERS = 120

export type SummaryFindingKind = 'missing_summary' | 'short_summary' | 'long_summary' | 'no_tags'

/** What is wrong with an operation's summary and tags, as text checks alone can tell. */
export function summaryFindings(record: OperationRecord): Array<{kind: SummaryFindingKind; detail: string; suggestion: string}> {
  const findings: Array<{kind: SummaryFindingKind; detail: string; suggestion: string}> = []
  const summary = record.summary.trim()
  const count = words(summary).length
  if (summary === '') {
    findings.push({kind: 'missing_summary', detail: 'no summary: results show the start of its description instead', suggestion: missingSummarySuggestion(record)})
  } else if (count < MIN_SUMMARY_WORDS) {
    findings.push({kind: 'short_summary', detail: `the summary has ${count} word${count === 1 ? '' : 's'}`, suggestion: `Use at least ${MIN_SUMMARY_WORDS} words for ${endpoint(record)}: the action, the object and what sets it apart, not only ${quote(summary)}.`})
  } else if (summary.length > MAX_SUMMARY_CHARACTERS) {
    findings.push({kind: 'long_summary', detail: `the summary is ${summary.length} characters long`, suggestion: `Cut the summary to one line of at most ${MAX_SUMMARY_CHARACTERS} characters and move the rest to the description.`})
  }
  if (record.tags.length === 0) findings.push({kind: 'no_tags', detail: 'no tags', suggestion: noTagsSuggestion(record)})
  return findings
}

// Suggestions speak of the operation itself: its method and path, and its description's first line.
function missingSummarySuggestion(record: OperationRecord): string {
  const firstLine = operationSummary(record).trim()
  if (firstLine === '') return `Add a one-line summary naming the action and the object of ${endpoint(record)}.`
  return `Add a one-line summary naming the action and the object of ${endpoint(record)}, e.g. from its description: ${quote(firstLine)}.`
}

function noTagsSuggestion(record: OperationRecord): string {
  const group = pathGroup(record.path)
  const example = group === undefined ? '' : `, e.g. ${quote(group)} from its path`
  return `Add a tag naming the group of operations ${endpoint(record)} belongs to${example}.`
}

// The first segment of a path that names something: not a parameter, a version or "api".
function pathGroup(path: string): string | undefined {
  return path.split('/').find((segment) => segment !== '' && !segment.includes('{') && !/^(?:v?\d+(?:\.\d+)*|api)$/i.test(segment))
}

function endpoint(record: OperationRecord): string {
  return `${record.method.toUpperCase()} ${printable(record.path)}`
}
