import {createHash} from 'node:crypto'
import {closeSync, createReadStream, openSync} from 'node:fs'
import {open, rename, rm} from 'node:fs/promises'
import {dirname} from 'node:path'

import {TamaError, passOption, unwritableFailure} from '../../errors/index.js'
import {releaseTemporary, removeStaleTemporaries, temporaryPathBeside} from '../../files/index.js'
import {openDatabase} from '../../sqlite/index.js'
import {CASSETTE_APPLICATION_ID, CASSETTE_FORMAT_VERSION, CASSETTE_PAGE_SIZE, CASSETTE_TABLES, type MetaKey, OPERATION_COLUMNS} from '../format/index.js'
import {writeSearchRows} from '../../search/index.js'
import type {CassettePlan} from './plan-cassette.js'

export interface WrittenCassette {
  readonly sha256: string
  readonly bytes: number
}

/**
 * Writes a plan as a cassette file. The database is built in memory with explicit row
 * ids and no timestamps, then `VACUUM INTO` a temporary file beside the output, which
 * is fsynced and renamed onto the output: the output path never holds a partial file,
 * and the temporary file is removed on failure, or, when the build was killed, by the
 * next build of the same output (see removeStaleTemporaries).
 */
export async function writeCassette(plan: CassettePlan, outputPath: string): Promise<WrittenCassette> {
  await removeStaleTemporaries(outputPath)
  const temporary = temporaryPathBeside(outputPath)
  try {
    // Created here rather than by SQLite, which reports any failure to create it as one code; VACUUM INTO fills an empty file.
    // Synchronously, so that no creation is still under way when an interrupted CLI removes its temporaries.
    closeSync(openSync(temporary, 'wx'))
    fillDatabase(plan, temporary)
    await syncFile(temporary)
    const written = await fileDigest(temporary)
    await rename(temporary, outputPath)
    await syncDirectory(dirname(outputPath))
    return written
  } catch (error) {
    // A VACUUM INTO that fails midway leaves its rollback journal beside the file. Best effort: the failure to report is the write's, and a next build removes what is left.
    await Promise.all([rm(temporary, {force: true}), rm(`${temporary}-journal`, {force: true})]).catch(() => {})
    throw writeFailure(error, outputPath)
  } finally {
    releaseTemporary(temporary)
  }
}

function fillDatabase(plan: CassettePlan, vacuumTarget: string): void {
  const db = openDatabase(':memory:')
  try {
    // Page size must be set before the first table; secure_delete zeroes freed space so
    // no leftover bytes can differ between builds.
    db.pragma(`page_size = ${CASSETTE_PAGE_SIZE}`)
    db.pragma('secure_delete = ON')
    db.pragma(`application_id = ${CASSETTE_APPLICATION_ID}`)
    db.pragma(`user_version = ${CASSETTE_FORMAT_VERSION}`)
    for (const table of CASSETTE_TABLES) db.exec(table.sql)
    db.transaction(() => {
      const meta = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)')
      for (const [key, value] of metaEntries(plan)) meta.run(key, value)
      const document = db.prepare('INSERT INTO documents (id, sha256, title, version, json) VALUES (?, ?, ?, ?, ?)')
      for (const row of plan.documents) document.run(row.id, row.sha256, row.title, row.version, row.json)
      const operation = db.prepare(
        `INSERT INTO operations (${OPERATION_COLUMNS.map(([, column]) => column).join(', ')}) VALUES (${OPERATION_COLUMNS.map(() => '?').join(', ')})`,
      )
      for (const row of plan.operations) operation.run(...OPERATION_COLUMNS.map(([key]) => row[key]))
      writeSearchRows(db, plan.searchRows)
    })()
    db.prepare('VACUUM INTO ?').run(vacuumTarget)
  } finally {
    db.close()
  }
}

function metaEntries(plan: CassettePlan): Array<[MetaKey, string]> {
  const {meta} = plan
  return [
    ['documents', String(meta.documents)],
    ['format', meta.format],
    ['name', meta.name],
    ['operations', String(meta.operations)],
    ['profile', meta.profile],
    ['search_data', meta.searchData!],
    ['sqlite_version', meta.sqliteVersion],
    ['tama_dex_version', meta.tamaDexVersion],
    ['version', meta.version],
  ]
}

// Bytes read at a time: a large cassette in the default 64 KiB takes twice as long to hash.
const DIGEST_CHUNK = 1 << 20

// Streamed, so the file is never held whole beside the database it was written from.
async function fileDigest(path: string): Promise<WrittenCassette> {
  const hash = createHash('sha256')
  let bytes = 0
  for await (const chunk of createReadStream(path, {highWaterMark: DIGEST_CHUNK})) {
    hash.update(chunk as Buffer)
    bytes += (chunk as Buffer).length
  }
  return {sha256: hash.digest('hex'), bytes}
}

async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

// Makes the rename durable. Some file systems refuse to fsync a directory; the rename
// has still happened atomically, so that is not a failure.
async function syncDirectory(path: string): Promise<void> {
  try {
    await syncFile(path)
  } catch {
    // Not supported here; nothing more can be done.
  }
}

function writeFailure(error: unknown, outputPath: string): TamaError {
  if (error instanceof TamaError) return error
  const unwritable = unwritableFailure(error, outputPath, 'the cassette')
  if (unwritable !== undefined) return unwritable
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'ENOENT' || code === 'ENOTDIR') return new TamaError('usage', `Cannot write ${outputPath}: its folder does not exist.`, {remedy: passOption('output', 'in a folder that exists')})
  if (code === 'EISDIR') return new TamaError('usage', `Cannot write ${outputPath}: it is a directory.`, {remedy: passOption('output', 'with a file name')})
  if (code === 'ENAMETOOLONG') return new TamaError('usage', `Cannot write ${outputPath}: its name is too long.`, {remedy: passOption('output', 'with a shorter name')})
  return new TamaError('internal', `Cannot write ${outputPath} (${code ?? (error as Error).message}).`, {cause: error})
}
