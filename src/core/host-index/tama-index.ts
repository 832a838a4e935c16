import {TamaError, readOptions, readScopes} from '../errors/index.js'
import type {ExecuteOptions, ExecuteResult, OperationCatalog} from '../execute/index.js'
// Light: the index's reads must not load execute's validators.
import {nothingInstalled, operationNotVisible} from '../execute/operation-not-visible.js'
import {type CallerReach, type SearchOptions, type SearchResponse, callerReach, getOperation, searchOperations, suggestOperations} from '../search/index.js'
import type {OperationRecord} from '../profile/index.js'
import type {SqliteDatabase, SqliteStatement} from '../sqlite/index.js'
import {quote} from '../text/index.js'
import {publishEvent, traceSpan, traceSpanSync} from '../telemetry/index.js'
import {type InstallResult, type ReplaceRules, removeCassette} from './commit-install.js'
import {type FileIdentity, stillNames} from './index-file.js'
import {countInstalled, findInstalled, type InstalledCassette, listInstalled, visibleInstalled} from './installed-cassettes.js'
import type {InstallBounds} from './install-runner.js'
import {indexMoved, storageFailure} from './storage.js'
import {flushWal} from './wal-owner.js'

export interface LoadOptions extends InstallBounds {
  /** The cassette (namespace) the document is installed as. */
  readonly cassette: string
  /** How to name the document in problems (a file name, say). Default: the cassette name. */
  readonly source?: string
}

export interface ImportOptions extends InstallBounds, ReplaceRules {
  /** The SHA-256 the host pins; only then are the cassette's prebuilt rows copied. */
  readonly sha256?: string
}

export interface IndexStatus {
  /** 'not_ready' until the first cassette is committed. */
  readonly state: 'ready' | 'not_ready'
  readonly cassettes: number
  readonly operations: number
  readonly storage_version: number
}

/**
 * A host's index: one SQLite file holding many cassettes side by side, each replaced
 * atomically on its own. Opening it starts nothing; installs run only when asked.
 * Install and execute code (validators, JSON Schema compilers) is loaded on first use,
 * so a process that only searches never pays for it.
 */
export class TamaIndex {
  readonly path: string
  /** Opened with `readonly`: installs and removals are refused. */
  readonly readonly: boolean
  readonly #db: SqliteDatabase
  readonly #storageVersion: number
  /** The file opened, checked before every call: a deleted or replaced index is never used. */
  readonly #file: FileIdentity | null
  readonly #catalog: OperationCatalog
  readonly #anyCassette: SqliteStatement
  /**
   * Runs reads in one read transaction, so a search's several statements all see the same
   * commit even while an install commits from another connection: never half of a cassette
   * from before and half from after.
   */
  readonly #snapshot: <T>(read: () => T) => T

  constructor(path: string, db: SqliteDatabase, storageVersion: number, opened: {readonly readonly: boolean; readonly file: FileIdentity | null}) {
    this.path = path
    this.readonly = opened.readonly
    this.#db = db
    this.#storageVersion = storageVersion
    this.#file = opened.file
    this.#anyCassette = db.prepare('SELECT 1 FROM cassettes LIMIT 1')
    const inTransaction = db.transaction((read: () => unknown) => read())
    this.#snapshot = <T>(read: () => T) => inTransaction(read) as T
    this.#catalog = {
      isReady: () => this.#ready(),
      getOperation: (cassette, operationId, scopes) => getOperation(db, cassette, operationId, scopes),
      suggestOperations: (cassette, operationId, scopes, max) => this.#snapshot(() => suggestOperations(db, cassette, operationId, scopes, max)),
    }
    Object.freeze(this)
  }

  /** Validates a whole profile document and installs it as `cassette`; unchanged documents are a no-op. */
  load(document: unknown, given: LoadOptions): Promise<InstallResult> {
    const options = readOptions(given, 'load options', true)
    const job = {kind: 'load', cassette: options.cassette, document, source: options.source ?? options.cassette} as const
    return traceSpan('load', {}, async (span) => {
      this.#checkWritable('load')
      const {runInstall} = await import('./install-runner.js')
      const result = await runInstall(this.path, this.#db, job, options)
      span.set({cassette: result.cassette, operations: result.operations, changed: result.changed, mode: result.mode})
      return result
    })
  }

  /**
   * Installs a cassette file. With `sha256` pinned and matching, its prebuilt rows are
   * copied; without a pin the index is rebuilt from the documents embedded in it.
   */
  import(file: string, given?: ImportOptions): Promise<InstallResult> {
    const options = readOptions(given, 'import options', false)
    const job = {kind: 'import', file, sha256: options.sha256} as const
    return traceSpan('import', {}, async (span) => {
      this.#checkWritable('import')
      const {runInstall} = await import('./install-runner.js')
      const result = await runInstall(this.path, this.#db, job, options, {refuseDowngrade: options.refuseDowngrade})
      span.set({cassette: result.cassette, operations: result.operations, changed: result.changed, mode: result.mode})
      return result
    })
  }

  /** Removes an installed cassette and its operations. */
  remove(name: string): Promise<{cassette: string; removed: true}> {
    return traceSpan('remove', {}, () => {
      this.#checkWritable('remove')
      let removed: boolean
      try {
        removed = removeCassette(this.#db, name)
        if (this.#file !== null) flushWal(this.#db)
      } catch (error) {
        throw storageFailure(error, this.path)
      }
      if (!removed) throw notInstalled(name)
      return {cassette: name, removed: true as const}
    })
  }

  status(): IndexStatus {
    this.#checkFile()
    const counts = countInstalled(this.#db)
    const status: IndexStatus = {state: counts.cassettes > 0 ? 'ready' : 'not_ready', ...counts, storage_version: this.#storageVersion}
    publishEvent('index.status', status)
    return status
  }

  cassettes(): InstalledCassette[] {
    this.#checkFile()
    return listInstalled(this.#db)
  }

  /** One installed cassette, or a not_found error. */
  cassette(name: string): InstalledCassette {
    this.#checkFile()
    const found = findInstalled(this.#db, name)
    if (found === undefined) throw notInstalled(name)
    return found
  }

  /** Ranked search over every cassette, only among operations the caller's scopes allow. */
  search(query: string, given: SearchOptions): SearchResponse {
    const options = readOptions(given, 'search options', true)
    return traceSpanSync('search', {limit: options.limit}, (span) => {
      this.#checkFile()
      const response = this.#snapshot(() => {
        if (!this.#ready()) throw nothingInstalled()
        // Nothing fits: each cassette the caller may search, with what it says it is.
        const found = searchOperations(this.#db, query, options, visibleInstalled)
        // A cassette asked for by name that is not installed is said so, not answered as "no match".
        for (const name of options.cassettes ?? []) if (findInstalled(this.#db, name) === undefined) throw notInstalled(name)
        return found
      })
      span.set({results: response.results.length, match: response.match})
      return response
    })
  }

  /** What the operations the caller's scopes allow can do: any at all, any destructive (for honest tool annotations). */
  reach(given: {readonly scopes: readonly string[]}): CallerReach {
    const options = readOptions(given, 'reach options', true)
    this.#checkFile()
    return this.#snapshot(() => callerReach(this.#db, options.scopes))
  }

  /**
   * One operation the caller's scopes allow, in full (for `describe`). An operation the
   * scopes forbid looks exactly like an unknown one, as in execute.
   */
  operation(cassette: string, operationId: string, given: {readonly scopes: readonly string[]}): OperationRecord {
    const options = readOptions(given, 'operation options', true)
    const scopes = readScopes(options.scopes)
    if (scopes === undefined) throw new TamaError('usage', 'options.scopes must be an array of scope strings (use [] for a caller with no scopes).')
    this.#checkFile()
    return this.#snapshot(() => {
      if (!this.#ready()) throw nothingInstalled()
      const found = getOperation(this.#db, cassette, operationId, scopes)
      if (found !== undefined) return found
      throw operationNotVisible(cassette, operationId)
    })
  }

  /** Checks scopes, confirmation and input, then hands the call to the cassette's executor. */
  async execute(cassette: string, operationId: string, input: unknown, options: ExecuteOptions): Promise<ExecuteResult> {
    this.#checkFile()
    const {executeOperation} = await import('../execute/index.js')
    return executeOperation(this.#catalog, cassette, operationId, input, options)
  }

  close(): void {
    if (this.#db.open) this.#db.close()
  }

  /** Whether the path still names the file this handle opened: false once it was deleted or replaced, or written since this handle copied it. */
  isCurrent(): boolean {
    return this.#file === null || stillNames(this.path, this.#file)
  }

  /** Reads fail once the path names another file than the one open: its answers would be stale. */
  #checkFile(): void {
    if (this.#file !== null && !stillNames(this.path, this.#file)) {
      throw new TamaError('not_ready', 'The index file was deleted or replaced after it was opened (or, read from a private copy, written since), so this handle no longer reads the index at its path. Open the index again.')
    }
  }

  #checkWritable(what: string): void {
    if (this.readonly) throw new TamaError('usage', `This index was opened with readonly: true, so it cannot ${what}. Open it without readonly to change it.`)
    if (this.#file !== null && !stillNames(this.path, this.#file)) throw indexMoved()
  }

  #ready(): boolean {
    return this.#anyCassette.get() !== undefined
  }
}

function notInstalled(name: string): TamaError {
  return new TamaError('not_found', `No cassette named ${quote(name)} is installed.`, {remedy: {kind: 'list-cassettes'}})
}
