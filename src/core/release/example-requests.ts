import {TamaError, type Problem} from '../errors/index.js'
import {readBoundedFile} from '../files/index.js'
import {LIMITS, type OperationRecord, isExampleRequest, normaliseExamples} from '../profile/index.js'
import {isObject, jsonType} from '../json/index.js'
import {printable} from '../text/index.js'

/** An example request and the operation it must find. */
export interface ExampleRequest {
  readonly operation: string
  readonly request: string
  /** Where an `--examples` line came from; absent for the document's `x-tama-examples`. */
  readonly line?: {readonly file: string; readonly number: number}
}

/** `document`, or `FILE:LINE` for an `--examples` line. */
export function exampleSource(request: ExampleRequest): string {
  return request.line === undefined ? 'document' : `${request.line.file}:${request.line.number}`
}

/** Most bytes an `--examples` file may hold. */
const MAX_EXAMPLES_FILE_BYTES = 16 * 1024 * 1024
/** Most requests an `--examples` file may hold: each is one search. */
const MAX_EXAMPLES_FILE_REQUESTS = 10_000

const LINE_FIELDS = ['operation', 'request']

/** Every operation's `x-tama-examples`, in operationId order, then each operation's order. */
export function documentExamples(records: readonly OperationRecord[]): ExampleRequest[] {
  return records.flatMap((record) => record.examples.map((request) => ({operation: record.operationId, request})))
}

/**
 * Reads an `--examples` file: JSON Lines, one `{"operation": ID, "request": TEXT}` per
 * line (blank lines skipped), each request held to the rules of `x-tama-examples` and,
 * given `operationIds`, naming one of them. Throws TamaError 'invalid_document' listing
 * every bad line as `FILE:LINE` in file order, and 'not_found' / 'usage' for a file that
 * cannot be read.
 */
export async function readExampleRequests(file: string, operationIds?: ReadonlySet<string>): Promise<ExampleRequest[]> {
  const bytes = await readBoundedFile(file, {
    maxBytes: MAX_EXAMPLES_FILE_BYTES,
    expected: 'a JSON Lines file of example requests',
    tooLarge: (size) => new TamaError('usage', `${file}: ${size} bytes; an example requests file may hold at most ${MAX_EXAMPLES_FILE_BYTES}. Split it.`),
  })
  const problems: Problem[] = []
  const requests: ExampleRequest[] = []
  const lines = bytes.toString('utf8').replace(/^\uFEFF/, '').split(/\r?\n/)
  for (const [index, text] of lines.entries()) {
    if (text.trim() === '') continue
    const line = index + 1
    const report = (pointer: string, message: string) => problems.push({source: file, pointer, line, column: 1, message})
    const request = parseLine(text, report)
    if (request !== null && operationIds !== undefined && !operationIds.has(request.operation)) report('/operation', unknownOperation(request.operation))
    else if (request !== null) requests.push({...request, line: {file, number: line}})
  }
  if (requests.length > MAX_EXAMPLES_FILE_REQUESTS) {
    throw new TamaError('usage', `${file}: ${requests.length} example requests; an example requests file may hold at most ${MAX_EXAMPLES_FILE_REQUESTS}, each one search. Split it.`)
  }
  if (problems.length > 0) throw badFile(file, problems)
  return requests
}

/**
 * Throws TamaError('invalid_document') when a request names an operation the catalogue
 * does not have: a findability test of nothing is a mistake in the test.
 */
export function checkExampleOperations(requests: readonly ExampleRequest[], records: readonly OperationRecord[]): void {
  const ids = new Set(records.map((record) => record.operationId))
  const problems = requests
    .filter((request) => !ids.has(request.operation))
    .map((request): Problem => ({
      ...(request.line === undefined ? {} : {source: request.line.file, line: request.line.number, column: 1}),
      pointer: '/operation',
      message: unknownOperation(request.operation),
    }))
  if (problems.length > 0) throw badFile(problems[0]!.source ?? 'The example requests', problems)
}

function unknownOperation(id: string): string {
  return `The catalogue has no operation ${printable(id, 80)}. Correct the operationId, or remove the line.`
}

function parseLine(text: string, report: (pointer: string, message: string) => void): {operation: string; request: string} | null {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    report('', 'The line is not JSON. Write one object per line: {"operation": "instances_get", "request": "list my containers"}.')
    return null
  }
  if (!isObject(value)) {
    report('', `The line is ${jsonType(value)}, not an object. Write {"operation": "instances_get", "request": "list my containers"}.`)
    return null
  }
  const extra = Object.keys(value).filter((key) => !LINE_FIELDS.includes(key))
  if (extra.length > 0) report(`/${extra[0]}`, `\`${printable(extra[0]!, 40)}\` is not a field of an example line; its fields are operation and request. Remove it.`)
  const {operation, request} = value
  if (typeof operation !== 'string' || operation === '') report('/operation', `\`operation\` must be the operationId the request should find, found ${found(operation)}.`)
  if (!isExampleRequest(request)) {
    report('/request', `\`request\` must be a request of 1-${LIMITS.exampleLength} characters on one line, with at least one letter or digit, as x-tama-examples holds (docs/profile.md#x-tama-examples), found ${found(request)}.`)
  }
  if (extra.length > 0 || typeof operation !== 'string' || operation === '' || !isExampleRequest(request)) return null
  return {operation, request: normaliseExamples([request])[0]!}
}

/** What a line held instead of a field: "a number", or "nothing" when the field is missing. */
function found(value: unknown): string {
  return value === undefined ? 'nothing' : typeof value === 'string' ? `a string of ${value.length} characters` : jsonType(value)
}

function badFile(file: string, problems: readonly Problem[]): TamaError {
  const first = problems[0]!
  const count = problems.length === 1 ? '1 bad line' : `${problems.length} bad lines`
  return new TamaError('invalid_document', `${file}: ${count} of example requests, the first${first.line === undefined ? '' : ` at line ${first.line}`}: ${first.message}`, {problems})
}
