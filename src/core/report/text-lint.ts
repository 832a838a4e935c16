import {
  EXAMPLE_DEPTH,
  type FindingKind,
  type LintReport,
  MAX_SUMMARY_CHARACTERS,
  MIN_SUMMARY_WORDS,
  PENALTIES,
  RANK_DEPTH,
  idList,
  releaseLabel,
} from '../release/index.js'
import {formatTable, printable} from '../text/index.js'

const MAX_GROUPS_SHOWN = 10
const MAX_MISSED_SHOWN = 20

const CHECKS: ReadonlyArray<readonly [FindingKind, string]> = [
  ['not_first', `not first for its own summary (#2-#${RANK_DEPTH})`],
  ['not_found', `not in the first ${RANK_DEPTH} for its own summary`],
  ['indistinguishable', 'summary indistinguishable from another'],
  ['missing_summary', 'no summary'],
  ['short_summary', `short summary (< ${MIN_SUMMARY_WORDS} words)`],
  ['long_summary', `long summary (> ${MAX_SUMMARY_CHARACTERS} characters)`],
  ['no_tags', 'no tags'],
  ['unsplit_id', 'id words run together'],
]

/** The human form of a lint report: score, a count per check, the worst operations and the look-alike groups. */
export function formatLint(report: LintReport): string {
  const scopes = report.scopes.length === 0 ? 'no scopes' : `scopes ${report.scopes.map((scope) => printable(scope, 60)).join(' ')}`
  const lines = [`${releaseLabel(report)}: ${report.operations} operations, searched holding ${scopes}`, `Score: ${report.score}/100`, '']
  const checks = [
    ['found first by its own summary', `${report.counts.found_first}/${report.operations}`, ''],
    ...CHECKS.map(([kind, label]) => [label, String(report.counts[kind]), `-${PENALTIES[kind]}`]),
    [`an example request misses it (top ${report.examples.top})`, String(report.counts.example_missed), `-${PENALTIES.example_missed} each`],
  ]
  lines.push(formatTable(['CHECK', 'OPERATIONS', 'PENALTY'], checks))
  const below = report.results.filter((result) => result.score < 100).length
  if (report.worst.length > 0) {
    lines.push('', `Worst operations (${report.worst.length} of ${below} scoring below 100)`)
    const rows = report.worst.map((worst) => [printable(worst.operation_id, 64), String(worst.score), worst.findings.join(', '), worst.suggestion])
    lines.push(formatTable(['OPERATION', 'SCORE', 'FINDINGS', 'SUGGESTION'], rows))
  }
  lines.push(...exampleLines(report))
  if (report.indistinguishable.length > 0) {
    const shown = report.indistinguishable.slice(0, MAX_GROUPS_SHOWN)
    lines.push('', `Indistinguishable summaries (${report.indistinguishable.length} group${report.indistinguishable.length === 1 ? '' : 's'}${shown.length < report.indistinguishable.length ? `, first ${shown.length}` : ''})`)
    for (const group of shown) lines.push(`  ${idList(group.operations, 6)}: "${printable(group.summary, 80)}"`)
  }
  if (report.baseline !== undefined) {
    const {file, accepted, stale} = report.baseline
    lines.push('', `Baseline ${printable(file, 120)}: ${accepted} finding${accepted === 1 ? '' : 's'} accepted${stale === 0 ? '' : `; ${stale} of its entries found no more (writing the baseline again drops them)`}`)
  }
  return lines.join('\n')
}

/** How many example requests found their operation, then each that did not: the request, its rank and what ranked above. */
function exampleLines({examples}: LintReport): string[] {
  if (examples.checked === 0) return []
  const lines = ['', `Example requests: ${examples.found} of ${examples.checked} find their operation in the top ${examples.top}`]
  const missed = examples.results.filter((example) => !example.found)
  for (const example of missed.slice(0, MAX_MISSED_SHOWN)) {
    const rank = example.rank === null ? `not in the first ${EXAMPLE_DEPTH}` : `#${example.rank}`
    const above = example.above.length === 0 ? 'nothing found' : `above it: ${idList(example.above, 5)}`
    const accepted = example.accepted === true ? ' (accepted by the baseline)' : ''
    lines.push(`  ${printable(example.operation_id, 64)} ${rank}: "${printable(example.request, 80)}" (${printable(example.source, 80)}); ${above}${accepted}`)
  }
  if (missed.length > MAX_MISSED_SHOWN) lines.push(`  ... and ${missed.length - MAX_MISSED_SHOWN} more (the full report lists every one)`)
  return lines
}
