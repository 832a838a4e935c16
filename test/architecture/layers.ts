/**
 * The layers of src/, top first: a folder may import only folders of a lower layer, never
 * one beside or above it. docs/architecture.md draws the same list; a test keeps the two equal.
 * `cli` is src/cli (BaseCommand, flags, progress, the start-up fast paths, oclif's hooks);
 * `entries` is the package's entry points, src/index.ts and src/mcp.ts, the only files at
 * src/'s top.
 */
export const LAYERS: ReadonlyArray<readonly string[]> = [
  ['commands'],
  ['cli', 'entries'],
  ['core/report'],
  ['core/release', 'core/mcp'],
  ['core/host-index'],
  ['core/adopt', 'core/cassette', 'core/execute', 'core/config'],
  ['core/search'],
  ['core/profile'],
  ['core/json-schema', 'core/openapi'],
  ['core/files', 'core/json', 'core/sqlite', 'core/telemetry'],
  ['core/errors', 'core/text'],
]

/**
 * Files another folder may import besides a folder's index.ts: light entry points that a
 * start-up path loads alone, so that it does not load the folder's heavier modules (Ajv,
 * YAML, the profile's validation). Each is measured by the cold-start and import benchmarks.
 */
export const LIGHT_ENTRIES: readonly string[] = [
  // Search's name words need the HTTP methods, not the profile's validation.
  'core/profile/collect-operations.ts',
  // How a record is stored, for the index's inserts, without the profile's validation.
  'core/profile/stored-record.ts',
  // What a copying install checks records against, without the profile's validation.
  'core/profile/limits.ts',
  'core/profile/normalise/form-body.ts',
  'core/profile/schema/schema-size.ts',
  // Search's name words need the HTTP methods of a Path Item, not the rest of the OpenAPI model.
  'core/openapi/path-item-object.ts',
  // A copying install opens the cassette without loading what a rebuild needs.
  'core/cassette/read/copyable-cassette.ts',
  'core/cassette/read/read-cassette-file.ts',
  // The MCP server answers initialize before it loads the SDK, Ajv or the index.
  'core/cassette/format/tool-version.ts',
  'core/mcp/stdio/serve-stdio.ts',
  // bin/run.js answers initialize with it before oclif loads (src/cli/mcp-start.ts).
  'core/mcp/stdio/early-start.ts',
  'core/mcp/revisions/handshake.ts',
  // The index's reads answer an unknown or hidden operation as execute does, without execute's validators.
  'core/execute/operation-not-visible.ts',
  // The benchmarks time an install's phases apart (src/internal.ts); the host index loads
  // them only when an install starts, so its index.ts leaves them out of every search.
  'core/host-index/install-plan.ts',
  'core/host-index/install-runner.ts',
  // The commands that write reports list the formats in their flags without loading the renderers.
  'core/report/format-names.ts',
]

/** A folder of the repository outside src/ and the folders its files must never import. */
export interface FolderRule {
  readonly folder: string
  readonly never: readonly string[]
  /** Folders under `folder` the rule does not cover. */
  readonly except?: readonly string[]
}

/**
 * What the folders beside src/ must never import (src/ imports none of them). The build
 * tools make the product's artifacts, the ranking model among them, so they never lean on
 * the benchmarks, which import them instead; the product's tests never lean on the
 * benchmarks either, and only the benchmarks' own tests (test/bench) import them.
 */
export const FOLDER_RULES: readonly FolderRule[] = [
  {folder: 'tools', never: ['bench']},
  {folder: 'test', never: ['bench'], except: ['test/bench']},
]

export type Rule = 'back-edge' | 'same-layer' | 'reach-in' | 'unlisted-folder' | 'file-cycle' | 'sub-folder-cycle'

/** An edge the check lets pass, for now; each says why and when it goes. */
export interface Allowance {
  readonly rule: Rule
  readonly from: string
  /** A folder, or '*' for any. */
  readonly to: string
  readonly why: string
}

/** Edges the check lets pass, each with its reason; none today. */
export const ALLOWANCES: readonly Allowance[] = []

/**
 * The MCP server's transports, each a sub-folder of core/mcp. The tools, their handlers and
 * the protocol revisions know no transport, and no transport knows another, so a new
 * transport touches no handler; only the folder's front door names them.
 */
export const MCP_TRANSPORTS: readonly string[] = ['core/mcp/http', 'core/mcp/stdio']
