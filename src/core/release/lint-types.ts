import type {ExampleRank} from './rank-examples.js'
import type {ReleaseSide} from './read-release-input.js'

/** What `cassette lint` can find wrong with one operation (docs/release.md#cassette-lint). */
export type FindingKind =
  | 'not_first'
  | 'not_found'
  | 'indistinguishable'
  | 'missing_summary'
  | 'short_summary'
  | 'long_summary'
  | 'no_tags'
  | 'unsplit_id'
  | 'example_missed'

export interface Finding {
  readonly kind: FindingKind
  /** Points taken off the operation's score (lint-score.ts). */
  readonly penalty: number
  readonly detail: string
  /** What to change to fix it. */
  readonly suggestion: string
  /** Listed in the lint baseline: reported, but the gate passes over it. */
  readonly accepted?: true
}

export interface OperationLint {
  readonly operation_id: string
  readonly summary: string
  /** Its position (1 = first) when searching its own summary; null when not among the first RANK_DEPTH. */
  readonly rank: number | null
  /** The operation that search ranked first for that summary; null when nothing matched. */
  readonly first: string | null
  /** 0-100: 100 minus the penalties of its findings. */
  readonly score: number
  readonly findings: readonly Finding[]
  /** Where its Operation Object starts in a document's text (1-based); absent for a cassette. */
  readonly line?: number
  readonly column?: number
}

/** Operations whose summaries are the same or nearly so. */
export interface SummaryGroup {
  readonly operations: readonly string[]
  readonly summary: string
}

/** One of the operations most worth fixing first. */
export interface WorstOperation {
  readonly operation_id: string
  readonly score: number
  readonly findings: readonly FindingKind[]
  readonly suggestion: string
}

/** The findability report of a catalogue, computed from its operations alone. */
export interface CatalogueLint {
  /** 0-100: the mean of the operations' scores, rounded (100 for no operations). */
  readonly score: number
  /** The scopes every search ran with: all the catalogue uses, so none is hidden. */
  readonly scopes: readonly string[]
  /** How many operations have each finding, and how many their own summary finds first. */
  readonly counts: Readonly<Record<FindingKind | 'found_first', number>>
  /** Largest group first. */
  readonly indistinguishable: readonly SummaryGroup[]
  /** The lowest-scoring operations (below 100), worst first, at most WORST_LIMIT. */
  readonly worst: readonly WorstOperation[]
  /** Every operation, in operationId order. */
  readonly results: readonly OperationLint[]
  /** The findability test: where each example request ranked its operation. */
  readonly examples: ExampleLint
}

/** The example requests checked: the document's `x-tama-examples`, then the `--examples` file's. */
interface ExampleLint {
  /** A request passes when its operation is within the first `top` results. */
  readonly top: number
  readonly checked: number
  readonly found: number
  /** In the order checked: operationId order for the document's, then the file's order. */
  readonly results: readonly ExampleRank[]
}

/** What a baseline changed in a report: how many findings it accepted, and how many of its entries are found no more. */
export interface BaselineUse {
  readonly file: string
  readonly accepted: number
  /** Entries that match no finding: fixed since, and dropped when the baseline is next written. */
  readonly stale: number
}

/** The report `cassette lint` prints: which release, then its findability, and what a baseline accepted when one was used. */
export type LintReport = ReleaseSide & CatalogueLint & {readonly baseline?: BaselineUse}
