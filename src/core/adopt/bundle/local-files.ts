import {realpath} from 'node:fs/promises'
import path from 'node:path'

import {TamaError} from '../../errors/index.js'
import {escapeToken, isObject, isPlainObject, pointerTokens, valueAt} from '../../json/index.js'
import {LIMITS, MIB, SUBSCHEMA_PLACES, parseDocumentText, readDocumentFile} from '../../profile/index.js'
import {OPENAPI_OBJECTS, type ObjectName, isInternalRef} from '../../openapi/index.js'
import {KEYED_OBJECTS, OBJECT_CHILDREN, SWAGGER_2_CHILDREN} from '../convert/index.js'

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
 * adoption with its position alone, never its content.
 * What a `$ref` names is written once, whatever the number of references to it: as a
 * component (`#/components/schemas/pet`, Swagger 2.0's `#/definitions/pet`, ...) where the
 * object's kind has a section, and copied in place only where it has none (an operation, a
 * path item before OpenAPI 3.1), so the bundled document grows with its files, never with
 * the paths through them. The bundled whole is checked against every limit of a document
 * once more. Returns `parsed` itself when it has no reference to another file.
 */
export async function bundleLocalFiles(input: string, parsed: unknown, source: string): Promise<unknown> {
  if (input === '-' || !isObject(parsed) || !hasExternalRef(parsed)) return parsed
  const named = path.resolve(input)
  const root: LocalFile = {named, real: await realpath(named), document: structuredClone(parsed)}
  const bundled = await new LocalBundler(source, root).bundle()
  // The bundled whole must keep every limit a document keeps (size, nesting, string length).
  return parseDocumentText(JSON.stringify(bundled), source)
}

/** A file read for bundling: its path as its `$ref` named it (references in it are relative to that), its real path, and its content. */
interface LocalFile {
  readonly named: string
  readonly real: string
  readonly document: unknown
}

// The section of a document that names shared objects of each kind, in OpenAPI 3 and in Swagger 2.0.
// Sections 3.1 added (path items) hold components from OpenAPI 3.1 on; before, a shared one is copied in.
const openapiSections = (openapi31: boolean): ReadonlyMap<ObjectName, readonly string[]> =>
  new Map(
    OBJECT_CHILDREN.get('Components')!
      .filter(([field]) => openapi31 || !OPENAPI_OBJECTS.Components.since31?.includes(field))
      .map(([field, kind]) => [kind, ['components', field]]),
  )
const OPENAPI_31_SECTIONS = openapiSections(true)
const OPENAPI_30_SECTIONS = openapiSections(false)
const SWAGGER_2_SECTIONS: ReadonlyMap<ObjectName, readonly string[]> = new Map(SWAGGER_2_CHILDREN.get('OpenAPI')!.map(([field, kind]) => [kind, [field]]))
// What a component name may not hold (OpenAPI: ^[a-zA-Z0-9.\-_]+$).
const NOT_IN_NAMES = /[^a-zA-Z0-9._-]+/g

/**
 * Bundles one description in place: walks it by the OpenAPI object model from the root,
 * and writes what each `$ref` to another file (or, inside another file, to a place in that
 * file) names once, named after its file or the last token of its fragment.
 */
class LocalBundler {
  readonly #files = new Map<string, LocalFile | undefined>()
  /** The internal reference each object already written as a component has, by kind, file and fragment. */
  readonly #placed = new Map<string, string>()
  /** The references being copied in place now: one leading into itself stays as written. */
  readonly #copying = new Set<string>()
  /** Objects already walked: a component is walked as it is written, not again where the root's own are. */
  readonly #walked = new WeakSet<object>()
  readonly #sections: ReadonlyMap<ObjectName, readonly string[]>
  readonly #swagger2: boolean
  #bytes = 0

  constructor(
    private readonly source: string,
    private readonly root: LocalFile,
  ) {
    const document = root.document as Record<string, unknown>
    this.#swagger2 = document.swagger !== undefined
    this.#sections = this.#swagger2 ? SWAGGER_2_SECTIONS : String(document.openapi).startsWith('3.1') ? OPENAPI_31_SECTIONS : OPENAPI_30_SECTIONS
    this.#files.set(root.real, root)
  }

  async bundle(): Promise<Record<string, unknown>> {
    const document = this.root.document as Record<string, unknown>
    await this.#visit(document, 'OpenAPI', this.root)
    return document
  }

  /** Bundles the references in `value`, an object of `kind` in `file`, in place. */
  async #visit(value: Record<string, unknown>, kind: ObjectName, file: LocalFile): Promise<void> {
    if (this.#walked.has(value)) return
    this.#walked.add(value)
    if (kind === 'Schema') {
      for (const [keyword, shape] of SUBSCHEMA_PLACES) {
        const child = value[keyword]
        if (Array.isArray(child)) await this.#visitList(child, kind, file)
        else if (shape === 'schema') await this.#visitChild(value, keyword, kind, file)
        else if (isObject(child)) await this.#visitMap(child, kind, file)
      }
      return
    }
    const keyed = KEYED_OBJECTS.get(kind)
    if (keyed !== undefined) return this.#visitMap(value, keyed, file)
    const children = [...(OBJECT_CHILDREN.get(kind) ?? []), ...((this.#swagger2 && SWAGGER_2_CHILDREN.get(kind)) || [])]
    for (const [field, childKind, shape] of children) {
      const child = value[field]
      if (shape === 'one') await this.#visitChild(value, field, childKind, file)
      else if (shape === 'list' && Array.isArray(child)) await this.#visitList(child, childKind, file)
      else if (shape !== 'list' && isObject(child)) await this.#visitMap(child, childKind, file)
    }
  }

  async #visitMap(map: Record<string, unknown>, kind: ObjectName, file: LocalFile): Promise<void> {
    for (const key of Object.keys(map)) if (!key.startsWith('x-')) await this.#visitChild(map, key, kind, file)
  }

  async #visitList(list: unknown[], kind: ObjectName, file: LocalFile): Promise<void> {
    for (const index of list.keys()) await this.#visitChild(list as unknown as Record<string, unknown>, String(index), kind, file)
  }

  async #visitChild(holder: Record<string, unknown>, key: string, kind: ObjectName, file: LocalFile): Promise<void> {
    const child = holder[key]
    if (!isObject(child)) return
    if (typeof child.$ref !== 'string') return this.#visit(child, kind, file)
    if (file === this.root && isInternalRef(child.$ref)) return
    holder[key] = await this.#reference(child as Record<string, unknown> & {$ref: string}, kind, file)
  }

  /**
   * What a Reference Object in `file` becomes: a reference to the component holding what it
   * names, a bundled copy of it where its kind has no section, or itself when it names
   * nothing that may be read (adoption then removes it with a warning).
   */
  async #reference(reference: Record<string, unknown> & {$ref: string}, kind: ObjectName, file: LocalFile): Promise<Record<string, unknown>> {
    const {$ref: ref, ...siblings} = reference
    const hash = ref.indexOf('#')
    const [target, fragment] = hash === -1 ? [ref, ''] : [ref.slice(0, hash), ref.slice(hash + 1)]
    // Inside another file, `#/...` is that file's: as written it would name a place of the root.
    const unread = target === '' ? {...reference, $ref: `${path.relative(path.dirname(this.root.named), file.named)}${ref}`} : reference
    const found = target === '' ? file : await this.#load(target, file)
    if (found === undefined) return unread
    if (found === this.root) return {...siblings, $ref: `#${fragment}`}
    const tokens = fragmentTokens(fragment)
    const value = tokens === null ? undefined : valueAt(found.document, tokens)
    if (!isObject(value)) return unread
    const key = `${kind}#${found.real}#${fragment}`
    const section = this.#sections.get(kind)
    if (section === undefined) {
      if (this.#copying.has(key)) return unread
      this.#copying.add(key)
      const copy = await this.#bundledCopy(value, kind, found)
      this.#copying.delete(key)
      return {...copy, ...siblings}
    }
    let pointer = this.#placed.get(key)
    if (pointer === undefined) {
      const components = this.#section(section)
      const name = uniqueName(components, tokens!.at(-1) ?? path.basename(found.named, path.extname(found.named)))
      pointer = `#/${[...section, name].map(escapeToken).join('/')}`
      this.#placed.set(key, pointer)
      // Named before it is bundled, so that a reference back to it inside is a reference, not another copy.
      components[name] = {}
      components[name] = await this.#bundledCopy(value, kind, found)
    }
    return {...siblings, $ref: pointer}
  }

  /** A copy of `value`, an object of `kind` in `file`, with its references bundled; refused past what a document may hold. */
  async #bundledCopy(value: Record<string, unknown>, kind: ObjectName, file: LocalFile): Promise<Record<string, unknown>> {
    const text = JSON.stringify(value)
    this.#bytes += Buffer.byteLength(text)
    if (this.#bytes > LIMITS.documentBytes) {
      throw invalid(this.source, `bundled, the files it references would hold more than a document may (${LIMITS.documentBytes / MIB} MiB). Share fewer objects copied into each operation or path item, or bundle the description into one file.`)
    }
    const holder = {value: JSON.parse(text) as unknown}
    await this.#visitChild(holder, 'value', kind, file)
    return holder.value as Record<string, unknown>
  }

  /** The section of the root document named by `section`, created when missing. */
  #section(section: readonly string[]): Record<string, unknown> {
    let holder = this.root.document as Record<string, unknown>
    for (const field of section) {
      holder[field] ??= {}
      const next = holder[field]
      if (!isPlainObject(next)) throw invalid(this.source, `#/${section.join('/')} is not an object, so the files its $refs name cannot be bundled into it. Make it an object.`)
      holder = next
    }
    return holder
  }

  /** The file a reference's path names from `from`, read once, when it may be read; undefined otherwise. */
  async #load(target: string, from: LocalFile): Promise<LocalFile | undefined> {
    const named = resolvedPath(target, from.named)
    const real = named === undefined ? undefined : await readableFile(named, this.root)
    if (named === undefined || real === undefined) return undefined
    if (this.#files.has(real)) return this.#files.get(real)
    if (this.#files.size >= MAX_FILES) throw invalid(this.source, `the description references more than ${MAX_FILES} files. Bundle it into fewer.`)
    let document: unknown
    try {
      document = await readDocumentFile(real)
    } catch (error) {
      if (!(error instanceof TamaError) || error.kind !== 'not_found') throw error instanceof TamaError && error.kind === 'invalid_document' ? notBundled(this.source, real, error) : error
      this.#files.set(real, undefined)
      return undefined
    }
    this.#bytes += Buffer.byteLength(JSON.stringify(document))
    if (this.#bytes > LIMITS.documentBytes) throw invalid(this.source, `the files it references hold more than a document may (${LIMITS.documentBytes / MIB} MiB), bundled together.`)
    const file = {named, real, document}
    this.#files.set(real, file)
    return file
  }
}

/** The path a reference names from the file `from` (as named), or undefined for a URL or a path that cannot be decoded. */
function resolvedPath(target: string, from: string): string | undefined {
  if (URL_SCHEME.test(target)) return undefined
  try {
    return path.resolve(path.dirname(from), decodeURI(target))
  } catch {
    return undefined
  }
}

/** The tokens of a reference's fragment (`/components/schemas/Pet`, percent-encoded or not), or null when it is no JSON Pointer. */
function fragmentTokens(fragment: string): string[] | null {
  try {
    return pointerTokens(decodeURIComponent(fragment))
  } catch {
    return null
  }
}

/** `wanted` as a component name not yet taken in `section`: its characters allowed, then `_2`, `_3`, ... when taken. */
function uniqueName(section: Record<string, unknown>, wanted: string): string {
  const base = wanted.replace(NOT_IN_NAMES, '_') || 'bundled'
  let name = base
  for (let next = 2; Object.hasOwn(section, name); next++) name = `${base}_${next}`
  return name
}

/**
 * The real path of the file at `file`, when it may be read: inside the input's folder as
 * named and once symbolic links are resolved, readable both ways (readableInside).
 */
async function readableFile(file: string, root: LocalFile): Promise<string | undefined> {
  let target: string
  try {
    target = await realpath(file)
  } catch {
    return undefined
  }
  return readableInside(file, path.dirname(root.named)) && readableInside(target, path.dirname(root.real)) ? target : undefined
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
