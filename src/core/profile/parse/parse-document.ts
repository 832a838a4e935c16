import {isUtf8} from 'node:buffer'

import {TamaError} from '../../errors/index.js'
import {isSqlite, readBoundedFile, readBoundedStream, recogniseFile, wrongKindOfFile} from '../../files/index.js'
import {LIMITS} from '../limits.js'
import {parseJson, type TextProblem} from './parse-json.js'
import {parseYaml} from './parse-yaml.js'

const MIB = 1024 * 1024

/**
 * Parses a document's text, JSON or YAML, told apart by content rather than file name
 * (docs/profile.md#root): text whose first character is `{` or `[` is read as JSON, and
 * as YAML only if that fails and YAML accepts it (a YAML flow mapping also starts with
 * `{`). Every limit of docs/profile.md#limits that text can break is checked here.
 * Throws TamaError('invalid_document') with one problem per finding, each naming `source`.
 */
export function parseDocumentText(text: string | Uint8Array, source: string): unknown {
  const bytes = typeof text === 'string' ? Buffer.byteLength(text, 'utf8') : text.byteLength
  if (bytes > LIMITS.documentBytes) throw tooLarge(source, bytes)
  const decoded = typeof text === 'string' ? withoutBom(text) : decodeUtf8(text, source)
  const start = /\S/.exec(decoded)
  if (start === null) throw invalid(source, [{pointer: '', message: 'The document is empty. Write an OpenAPI 3.1 document in JSON or YAML.'}])
  if (start[0] === '{' || start[0] === '[') {
    const json = parseJson(decoded)
    if (json.ok) return json.value
    if (json.syntax) {
      const yaml = parseYaml(decoded)
      if (yaml.ok) return yaml.value
    }
    throw invalid(source, json.problems)
  }
  const yaml = parseYaml(decoded)
  if (yaml.ok) return yaml.value
  throw invalid(source, yaml.problems)
}

/**
 * Reads and parses a document file: only a regular file, and never more bytes than a
 * document may have, whatever its size claims (see readBoundedFile); `-` reads standard
 * input, with the same bound. `path` is used as given in every message.
 */
export async function readDocumentFile(path: string, stdin: NodeJS.ReadableStream = process.stdin): Promise<unknown> {
  return parseDocumentText(await readDocumentBytes(path, stdin), documentSource(path))
}

/** How messages name a document path: as given, and `-` as "stdin". */
export function documentSource(path: string): string {
  return path === '-' ? 'stdin' : path
}

/** A document file's bytes, read as readDocumentFile reads them; a cassette or an index is a usage error naming the commands that take it. */
export async function readDocumentBytes(path: string, stdin: NodeJS.ReadableStream = process.stdin): Promise<Uint8Array> {
  const bytes =
    path === '-'
      ? await readBoundedStream(stdin, LIMITS.documentBytes, (size) => tooLarge(documentSource(path), size))
      : await readBoundedFile(path, {maxBytes: LIMITS.documentBytes, expected: 'a JSON or YAML document file', tooLarge: (size) => tooLarge(path, size)})
  if (isSqlite(bytes)) {
    const wrongKind = wrongKindOfFile(path, recogniseFile(bytes), 'a JSON or YAML document')
    if (wrongKind !== null) throw wrongKind
  }
  return bytes
}

function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}

function decodeUtf8(bytes: Uint8Array, source: string): string {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')
  // Decoding replaces bad bytes with U+FFFD; only text containing one needs the full check.
  if (text.includes('\uFFFD') && !isUtf8(bytes)) {
    throw invalid(source, [{pointer: '', message: 'The document is not valid UTF-8 text. Save it as UTF-8.'}])
  }
  return withoutBom(text)
}

function tooLarge(source: string, bytes: number): TamaError {
  const message = `The document is ${(bytes / MIB).toFixed(1)} MiB; the limit is ${LIMITS.documentBytes / MIB} MiB. Split it into several documents.`
  return invalid(source, [{pointer: '', message}])
}

function invalid(source: string, problems: readonly TextProblem[]): TamaError {
  const summary = problems.length === 1 ? problems[0]!.message : `${problems.length} problems; the first: ${problems[0]!.message}`
  return new TamaError('invalid_document', `${source}: ${summary}`, {
    problems: problems.map((problem) => ({source, pointer: problem.pointer, message: problem.message})),
  })
}
