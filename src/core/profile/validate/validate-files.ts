import {readdir, stat} from 'node:fs/promises'
import {extname, join} from 'node:path'

import {TamaError, isTamaError, type ErrorKind, type Problem} from '../../errors/index.js'
import {traceSpan} from '../../telemetry/index.js'
import {isObject} from '../../json/index.js'
import {parseDocumentText, pointerLocator, readDocumentBytes} from '../parse/index.js'
import {checkDocument} from './validate-document.js'

/** One file's verdict. */
interface FileReport {
  /** The path as the caller gave it. */
  readonly file: string
  readonly valid: boolean
  /** Operations in the document; 0 unless it is valid. */
  readonly operations: number
  readonly problems: Problem[]
}

export interface ValidationReport {
  readonly files: FileReport[]
  /** Files found in a directory that are not API descriptions (a CI workflow, say); not validated. */
  readonly skipped: string[]
}

export interface ValidationOutcome {
  readonly report: ValidationReport
  /**
   * The failure the outcome amounts to, null when every file is valid: a file that
   * cannot be read outweighs an invalid one (not_found, then usage, then invalid_document).
   */
  readonly failure: ErrorKind | null
}

const SEVERITY: readonly ErrorKind[] = ['not_found', 'usage', 'internal', 'invalid_document']

const DOCUMENT_EXTENSIONS = new Set(['.json', '.yaml', '.yml'])

/**
 * Validates each file in turn (docs/profile.md), collecting every problem of every file
 * rather than stopping at the first; a file that cannot be read is reported as one
 * problem of that file. A directory stands for the API descriptions below it: its
 * `.json`, `.yaml` and `.yml` files that declare `openapi`, `swagger` or
 * `x-tama-profile` at the top (others are listed as skipped).
 */
export function validateFiles(paths: readonly string[]): Promise<ValidationOutcome> {
  return traceSpan('validate', {documents: paths.length}, async (span) => {
    const files: FileReport[] = []
    const skipped: string[] = []
    const failures = new Set<ErrorKind>()
    for (const path of paths) {
      const inDirectory = await isDirectory(path)
      for (const file of inDirectory ? await documentFiles(path) : [path]) {
        const {report, failure} = await validateFile(file, inDirectory)
        if (report === null) skipped.push(file)
        else files.push(report)
        if (failure !== null) failures.add(failure)
      }
    }
    if (files.length === 0) throw noDescriptions(paths)
    span.set({operations: files.reduce((sum, file) => sum + file.operations, 0), problems: files.reduce((sum, file) => sum + file.problems.length, 0)})
    return {report: {files, skipped}, failure: SEVERITY.find((kind) => failures.has(kind)) ?? null}
  })
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory()
  } catch {
    return false
  }
}

// Installed packages hold other projects' descriptions; hidden folders (.git) hold no one's.
const SKIPPED_FOLDERS: ReadonlySet<string> = new Set(['node_modules'])

/**
 * The files below `directory` that may hold documents, in a stable order: hidden files and
 * folders and SKIPPED_FOLDERS are not entered, and symbolic links are not followed.
 */
async function documentFiles(directory: string): Promise<string[]> {
  const files: string[] = []
  const folders = [directory]
  for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
    for (const entry of await readdir(folder, {withFileTypes: true})) {
      if (entry.name.startsWith('.')) continue
      const path = join(folder, entry.name)
      if (entry.isDirectory() && !SKIPPED_FOLDERS.has(entry.name)) folders.push(path)
      else if (entry.isFile() && DOCUMENT_EXTENSIONS.has(extname(entry.name).toLowerCase())) files.push(path)
    }
  }
  return files.sort()
}

/** A file's verdict; null for a file found in a directory that is not an API description. */
async function validateFile(file: string, inDirectory: boolean): Promise<{report: FileReport | null; failure: ErrorKind | null}> {
  let bytes: Uint8Array
  let document: unknown
  try {
    bytes = await readDocumentBytes(file)
    document = parseDocumentText(bytes, file)
  } catch (error) {
    if (!isTamaError(error)) throw error
    const problems = error.problems.length > 0 ? [...error.problems] : [{source: file, pointer: '', message: withoutSource(error.message, file)}]
    return {report: {file, valid: false, operations: 0, problems}, failure: error.kind}
  }
  if (inDirectory && !(isObject(document) && ['openapi', 'swagger', 'x-tama-profile'].some((key) => Object.hasOwn(document, key)))) {
    return {report: null, failure: null}
  }
  const {document: validated, problems} = checkDocument(document, {source: file})
  return {
    report: {file, valid: validated !== null, operations: validated?.operations.length ?? 0, problems: located(problems, bytes)},
    failure: validated === null ? 'invalid_document' : null,
  }
}

/** A read failure's message names the file already; a problem carries it as its source. */
function withoutSource(message: string, file: string): string {
  return message.startsWith(`${file}: `) ? message.slice(file.length + 2) : message
}

/** Folders holding no description are a mistaken path, not a success with nothing to say. */
function noDescriptions(directories: readonly string[]): TamaError {
  return new TamaError(
    'usage',
    `${directories.join(', ')}: No API descriptions found (.json, .yaml or .yml files declaring openapi, swagger or x-tama-profile). Name the folders or files that hold them.`,
  )
}

/**
 * The problems with the line and column their pointers lead to in the text, in the text's
 * order (the order of the checks otherwise); the text is parsed again only when there are problems.
 */
function located(problems: Problem[], bytes: Uint8Array): Problem[] {
  if (problems.length === 0) return problems
  const locate = pointerLocator(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'))
  // A problem the text cannot place goes last; sort keeps the checks' order among equals.
  const unplaced = Number.MAX_SAFE_INTEGER
  return problems
    .map((problem) => ({...problem, ...locate(problem.pointer)}))
    .sort((a, b) => (a.line ?? unplaced) - (b.line ?? unplaced) || (a.column ?? unplaced) - (b.column ?? unplaced))
}
