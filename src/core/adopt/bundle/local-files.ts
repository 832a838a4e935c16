import {realpath} from 'node:fs/promises'
import path from 'node:path'

import {TamaError} from '../../errors/index.js'
import {isObject} from '../../json/index.js'
import {LIMITS, parseDocumentText, readDocumentFile} from '../../profile/index.js'
import {isInternalRef} from '../internal-refs.js'

// Files one description may be bundled from, the input included.
const MAX_FILES = 1000
// A reference with a scheme (`https:`, `file:`, `data:`, ...) is a URL: never read.
const URL_SCHEME = /^[a-z][a-z0-9+.-]*:/i
// The only files a reference may name: parts of an API description are JSON or YAML.
const READABLE_EXTENSIONS = ['.json', '.yaml', '.yml']

/**
 * The description at `input` with its references to other local files bundled in, read
 * only from `input`'s folder and the folders below it: `$ref: ./schemas/pet.yaml` and
 * `../common.yaml#/components/schemas/Error` from `api/specs/` work when they stay inside
 * `api/specs/`. Only a file a `$ref` names is read, and only a .json, .yaml or .yml file
 * with no hidden part in its path (no folder or name starting with `.`), both as named
 * and once symbolic links are resolved: a URL, a `file://` reference, a path outside the
 * folder, a key file, `.env`, `.git/config` or a missing file is never read: its `$ref`
 * stays as written, and adoption removes it with a warning naming the reference and where
 * it was (or refuses it under `strict`). Each file is read as a document is (a regular
 * file within the size limit, aliases bounded); one that is not a document fails the
 * adoption with its position alone, never its content. The bundled whole is checked
 * against every limit of a document once more. Uses swagger-parser's bundle() with a
 * resolver of its own, so nothing but this resolver reads. Returns `parsed` itself when it
 * has no reference to another file.
 * https://apitools.dev/json-schema-ref-parser/docs/plugins/resolvers.html
 */
export async function bundleLocalFiles(input: string, parsed: unknown, source: string): Promise<unknown> {
  if (input === '-' || !hasExternalRef(parsed)) return parsed
  const named = path.dirname(path.resolve(input))
  const folder = await realpath(named)
  const fatal: TamaError[] = []
  let files = 1
  let bytes = 0
  const resolver = {
    order: 1,
    canRead: () => true,
    read: async (file: {url: string}): Promise<unknown> => {
      const local = await readableFile(file.url, {named, real: folder})
      if (local === undefined) throw new Error(`${file.url} is not a JSON or YAML file inside ${folder}`)
      if (++files > MAX_FILES) fatal.push(invalid(source, `the description references more than ${MAX_FILES} files. Bundle it into fewer.`))
      try {
        const document = await readDocumentFile(local)
        bytes += Buffer.byteLength(JSON.stringify(document))
        if (bytes > LIMITS.documentBytes) fatal.push(invalid(source, `the files it references hold more than a document may (${LIMITS.documentBytes / (1024 * 1024)} MiB), bundled together.`))
        return document
      } catch (error) {
        if (error instanceof TamaError && error.kind !== 'not_found') fatal.push(error.kind === 'invalid_document' ? notBundled(source, local, error) : error)
        throw error
      }
    },
  }
  const {default: SwaggerParser} = await import('@apidevtools/swagger-parser')
  const parser = new SwaggerParser() as unknown as RefParser
  // continueOnError: bundle everything that can be, and leave each refused reference as written.
  const options = {continueOnError: true, resolve: {external: true, file: false, http: false, localFiles: resolver}}
  const {root, restore} = neutralRoot(parsed as Record<string, unknown>)
  const bundled = await parser.bundle(path.resolve(input), root, options).catch(() => parser.schema)
  if (fatal.length > 0) throw fatal[0]
  if (!isObject(bundled)) throw invalid(source, 'its references to other files could not be bundled. Bundle the description into one file.')
  restore(bundled)
  // The bundled whole must keep every limit a document keeps (size, nesting, string length).
  return parseDocumentText(JSON.stringify(bundled), source)
}

/** The part of swagger-parser's API used here (its types hide `schema` and the options object form). */
interface RefParser {
  bundle(path: string, api: unknown, options: unknown): Promise<unknown>
  readonly schema: unknown
}

// What bundle() checks of the root before it bundles anything.
const ROOT_FIELDS = ['openapi', 'swagger', 'info', 'paths']

/**
 * A shallow copy of the root that swagger-parser's own checks accept (it refuses, say, a
 * number in `info.version`, which adoption repairs), and the function that puts the
 * original root fields back on the bundled copy: bundling only follows references.
 */
function neutralRoot(document: Record<string, unknown>): {root: Record<string, unknown>; restore: (bundled: Record<string, unknown>) => void} {
  const root: Record<string, unknown> = {...document, info: {title: 'bundle', version: '1'}, paths: isObject(document.paths) ? document.paths : {}}
  if (document.swagger !== undefined) root.swagger = '2.0'
  else root.openapi = '3.0.3'
  const restore = (bundled: Record<string, unknown>): void => {
    for (const field of ROOT_FIELDS) {
      if (field === 'paths' && isObject(document.paths)) continue
      if (Object.hasOwn(document, field)) bundled[field] = document[field]
      else delete bundled[field]
    }
  }
  return {root, restore}
}

/**
 * The real path of the file a reference's URL names, when it may be read: a local path
 * inside the input's folder, as named and once symbolic links are resolved, that is
 * readable both ways (readableInside).
 */
async function readableFile(url: string, folder: {readonly named: string; readonly real: string}): Promise<string | undefined> {
  if (URL_SCHEME.test(url)) return undefined
  let file: string
  let target: string
  try {
    file = path.resolve(decodeURI(url.split('#', 1)[0]!))
    target = await realpath(file)
  } catch {
    return undefined
  }
  return readableInside(file, folder.named) && readableInside(target, folder.real) ? target : undefined
}

/** Whether `file` is below `folder`, with no part of the way hidden, and ends in a JSON or YAML extension. */
function readableInside(file: string, folder: string): boolean {
  const parts = path.relative(folder, file).split(path.sep)
  // A path on another drive (Windows) is absolute relative to any folder.
  if (path.isAbsolute(parts[0]!) || parts.some((part) => part === '' || part.startsWith('.'))) return false
  return READABLE_EXTENSIONS.includes(path.extname(parts.at(-1)!))
}

/**
 * A referenced file that is not a document, said by its path and position alone: the
 * parser's words may quote the file (a token, a key, an alias), and it may be any file.
 */
function notBundled(source: string, file: string, error: TamaError): TamaError {
  const at = / at line \d+, column \d+/.exec(error.problems[0]?.message ?? error.message)?.[0] ?? ''
  const message = `Not a JSON or YAML document within a document's limits${at} (its syntax, keys, encoding or size), so a $ref cannot bundle it. Fix the file, or remove the $ref to it.`
  return new TamaError('invalid_document', `${source}: ${file}: ${message}`, {problems: [{source: file, pointer: '', message}]})
}

function hasExternalRef(value: unknown): boolean {
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const next = pending.pop()
    if (Array.isArray(next)) pending.push(...next)
    else if (isObject(next)) {
      if (typeof next.$ref === 'string' && !isInternalRef(next.$ref)) return true
      pending.push(...Object.values(next))
    }
  }
  return false
}

function invalid(source: string, message: string): TamaError {
  return new TamaError('invalid_document', `${source}: ${message}`, {problems: [{source, pointer: '', message}]})
}
