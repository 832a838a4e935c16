import {TamaError} from '../errors/index.js'
import type {OperationRecord} from '../profile/index.js'
// The cassette modules a copy needs, imported alone: the folder's index (and the profile's
// validation it loads) is loaded only to derive, so an install worker that copies starts fast.
import {CASSETTE_NAME_PATTERN, shortened} from '../text/index.js'
import {type CopyableCassette, openCopyableCassette} from '../cassette/read/copyable-cassette.js'
import {readCassetteFile} from '../cassette/read/read-cassette-file.js'
import type {InstalledCassette} from './installed-cassettes.js'

/** Work for the index to do: load one document as a cassette, or import a cassette file. */
export type InstallJob =
  | {readonly kind: 'load'; readonly cassette: string; readonly document: unknown; readonly source: string}
  | {readonly kind: 'import'; readonly file: string; readonly sha256?: string}

/**
 * Everything needed to replace one cassette, decided before anything is written.
 * `records` is null when the installed cassette is already exactly this one.
 */
export interface InstallPlan {
  readonly cassette: string
  readonly version: string
  /** Its documents' titles, each once, joined by "; " (InstalledCassette.title). */
  readonly title: string
  readonly digest: string
  readonly mode: 'copy' | 'rebuild' | 'load'
  readonly documents: number
  readonly operations: number
  readonly records: readonly OperationRecord[] | null
  /**
   * A checked, pinned cassette whose search rows are this host's: the commit copies them
   * from its bytes with SQL, and `records` is empty.
   */
  readonly copyFrom?: Pick<CopyableCassette, 'bytes' | 'recordSplits'>
}

/** Reads what is installed under a name, so planning can skip work already done. */
export type InstalledLookup = (name: string) => InstalledCassette | undefined

/** Called between the phases of a plan; throws to stop it (the caller's time ran out). */
export type Checkpoint = () => void

/**
 * Plans an install without writing anything: reads and checks the input, and either
 * derives the operation rows or finds that the installed cassette is identical.
 */
export async function planInstall(job: InstallJob, installed: InstalledLookup, checkpoint: Checkpoint = () => {}): Promise<InstallPlan> {
  return job.kind === 'load' ? planLoad(job, installed, checkpoint) : planImport(job, installed, checkpoint)
}

async function planLoad(job: Extract<InstallJob, {kind: 'load'}>, installed: InstalledLookup, checkpoint: Checkpoint): Promise<InstallPlan> {
  const [{canonicalJson, sha256Hex}, {validateDocument}] = await Promise.all([import('../cassette/index.js'), import('../profile/index.js')])
  if (!CASSETTE_NAME_PATTERN.test(job.cassette)) {
    throw new TamaError('usage', `"${job.cassette}" is not a valid cassette name: use lower-case letters, digits and _ (${CASSETTE_NAME_PATTERN.source}).`)
  }
  let digest: string
  try {
    digest = sha256Hex(canonicalJson(job.document))
  } catch (error) {
    throw await notJsonDocument(job, error)
  }
  const current = installed(job.cassette)
  if (current !== undefined && current.digest === digest && current.mode === 'load') return {...pick(current), records: null}
  checkpoint()
  const validated = validateDocument(job.document, {source: job.source})
  return {
    cassette: job.cassette,
    version: validated.info.version,
    title: validated.info.title,
    digest,
    mode: 'load',
    documents: 1,
    operations: validated.operations.length,
    records: validated.operations,
  }
}

/**
 * The invalid_document error for a document that cannot be made canonical JSON (or sent to
 * a worker), located by a JSON Pointer: validation finds cycles, nesting and values that
 * are not JSON; what is left (undefined in an array) is where canonicalisation stopped.
 */
export async function notJsonDocument(job: Extract<InstallJob, {kind: 'load'}>, error: unknown): Promise<TamaError> {
  const [{NotJsonError}, {validateDocument}] = await Promise.all([import('../cassette/index.js'), import('../profile/index.js')])
  try {
    validateDocument(job.document, {source: job.source})
  } catch (invalid) {
    if (invalid instanceof TamaError) return invalid
  }
  const {pointer, reason} = error instanceof NotJsonError ? error : {pointer: '', reason: 'is not JSON data'}
  const message = `${reason}: a document must be plain JSON data; pass the parsed document object.`
  return new TamaError('invalid_document', `${job.source}: #${pointer} ${message}`, {problems: [{source: job.source, pointer, message}]})
}

async function planImport(job: Extract<InstallJob, {kind: 'import'}>, installed: InstalledLookup, checkpoint: Checkpoint): Promise<InstallPlan> {
  const bytes = await readCassetteFile(job.file)
  checkpoint()
  const mode = job.sha256 === undefined ? 'rebuild' : 'copy'
  return (job.sha256 === undefined ? undefined : await copyPlanOf(bytes, job.file, job.sha256, installed)) ?? derivedPlanOf(bytes, job, mode, installed, checkpoint)
}

/**
 * The plan of a pinned import whose search rows can be copied with SQL (see
 * openCopyableCassette), or undefined when the cassette has none of this host's search data
 * and its rows must be derived (planInstall).
 */
export async function planCopy(job: Extract<InstallJob, {kind: 'import'}> & {readonly sha256: string}, installed: InstalledLookup, checkpoint: Checkpoint): Promise<InstallPlan | undefined> {
  const bytes = await readCassetteFile(job.file)
  checkpoint()
  return copyPlanOf(bytes, job.file, job.sha256, installed)
}

async function copyPlanOf(bytes: Uint8Array, source: string, sha256: string, installed: InstalledLookup): Promise<InstallPlan | undefined> {
  // Prebuilt rows are trusted only when the caller pinned these exact bytes.
  const copyable = await openCopyableCassette(bytes, {source, sha256})
  if (copyable === undefined) return undefined
  const current = installed(copyable.name)
  if (current !== undefined && current.digest === copyable.sha256 && current.mode === 'copy') return {...pick(current), records: null}
  const {name, version, titles, documents, operations} = copyable
  return {cassette: name, version, title: cassetteTitle(titles), digest: copyable.sha256, mode: 'copy', documents, operations, records: [], copyFrom: copyable}
}

async function derivedPlanOf(bytes: Uint8Array, job: Extract<InstallJob, {kind: 'import'}>, mode: 'copy' | 'rebuild', installed: InstalledLookup, checkpoint: Checkpoint): Promise<InstallPlan> {
  // Embedded documents over the profile's size limit are refused here, before any is parsed.
  const {openCassette} = await import('../cassette/index.js')
  const cassette = openCassette(bytes, {source: job.file, sha256: job.sha256})
  const current = installed(cassette.name)
  if (current !== undefined && current.digest === cassette.sha256 && current.mode === mode) return {...pick(current), records: null}
  checkpoint()
  const records = cassette.operations(mode)
  checkpoint()
  return {
    cassette: cassette.name,
    version: cassette.version,
    title: cassetteTitle(cassette.documentRows.map((row) => row.title)),
    digest: cassette.sha256,
    mode,
    documents: cassette.documents,
    operations: records.length,
    records,
  }
}

/**
 * What a cassette says it is: its documents' titles, each once, in their order, cut to
 * TITLE_LENGTH characters, since search shows it to agents beside every other cassette.
 */
function cassetteTitle(titles: readonly string[]): string {
  return shortened([...new Set(titles)].join('; '), TITLE_LENGTH)
}

/** The most characters of a cassette's title the index keeps. */
const TITLE_LENGTH = 200

function pick(current: InstalledCassette): Omit<InstallPlan, 'records'> {
  return {
    cassette: current.name,
    version: current.version,
    title: current.title,
    digest: current.digest,
    mode: current.mode,
    documents: current.documents,
    operations: current.operations,
  }
}
