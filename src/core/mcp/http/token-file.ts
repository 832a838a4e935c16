import {createHash, timingSafeEqual} from 'node:crypto'

import {type Problem, TamaError} from '../../errors/index.js'
import {readBoundedFile} from '../../files/index.js'
import {isObject, jsonType} from '../../json/index.js'
import type {HttpCaller} from './serve-http.js'

/** One caller of a token file: who, the SHA-256 of their bearer token, and their scopes. */
interface TokenCaller {
  readonly caller: HttpCaller
  readonly digest: Buffer
}

// A token file lists people and machines, not a database: a megabyte is thousands of lines.
const TOKEN_FILE_BYTES = 1024 * 1024
const FIELDS = ['name', 'token_sha256', 'scopes']

/**
 * Reads a file of callers, JSON Lines, one caller a line:
 * `{"name": "ci", "token_sha256": "<hex of SHA-256 of the token>", "scopes": ["incus.read"]}`
 * (blank lines skipped). Every mistake is reported at once, each at its path:line; a file
 * with no caller is refused too, since it would refuse every request.
 */
export async function readTokenFile(path: string): Promise<readonly TokenCaller[]> {
  const text = (await readBoundedFile(path, {
    maxBytes: TOKEN_FILE_BYTES,
    expected: 'a token file (JSON Lines)',
    tooLarge: (bytes) => new TamaError('usage', `${path}: the token file is ${bytes} bytes, more than the ${TOKEN_FILE_BYTES} a token file may be.`),
  })).toString('utf8')
  const callers: TokenCaller[] = []
  const problems: Problem[] = []
  const names = new Set<string>()
  const digests = new Set<string>()
  for (const [at, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue
    const place = {source: path, pointer: '', line: at + 1, column: 1}
    const problem = lineProblem(line)
    if (typeof problem === 'string') {
      problems.push({...place, message: problem})
      continue
    }
    const {name, token_sha256: hex, scopes} = problem
    if (names.has(name)) problems.push({...place, message: `the name ${JSON.stringify(name)} is given to an earlier caller too; each caller needs a name of its own.`})
    else if (digests.has(hex)) problems.push({...place, message: 'this token_sha256 is an earlier caller\'s too; give each caller a token of its own.'})
    names.add(name)
    digests.add(hex)
    callers.push({caller: Object.freeze({name, scopes: Object.freeze([...scopes])}), digest: Buffer.from(hex, 'hex')})
  }
  if (problems.length > 0) throw new TamaError('usage', `${path}: ${problems.length} line(s) of the token file are not a valid caller; nothing is served until each is.`, {problems})
  if (callers.length === 0) throw new TamaError('usage', `${path}: the token file names no caller, so every request would be refused. Add a line per caller: {"name": "ci", "token_sha256": "<hex of SHA-256 of the token>", "scopes": ["incus.read"]}.`)
  return callers
}

/**
 * Names the caller whose token the request's `Authorization: Bearer` header carries, or
 * undefined. The token's SHA-256 is compared with every caller's in constant time, so
 * the time taken says nothing of how close a guess came, nor which caller matched.
 */
export function tokenAuthenticator(callers: readonly TokenCaller[]): (request: Request) => HttpCaller | undefined {
  return (request) => {
    const token = /^Bearer +(\S+) *$/i.exec(request.headers.get('authorization') ?? '')?.[1]
    if (token === undefined) return undefined
    const digest = createHash('sha256').update(token, 'utf8').digest()
    let found: HttpCaller | undefined
    for (const {caller, digest: expected} of callers) {
      if (timingSafeEqual(digest, expected) && found === undefined) found = caller
    }
    return found
  }
}

/** The line's caller, or what is wrong with it in one sentence. */
function lineProblem(line: string): {name: string; token_sha256: string; scopes: string[]} | string {
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch {
    return 'not JSON; each line is one caller, {"name": …, "token_sha256": …, "scopes": […]}.'
  }
  if (!isObject(value)) return `a caller is a JSON object, found ${jsonType(value)}.`
  const unknown = Object.keys(value).filter((key) => !FIELDS.includes(key))
  if (unknown.length > 0) return `unknown field ${JSON.stringify(unknown[0])}; a caller has name, token_sha256 and scopes.`
  const {name, token_sha256: hex, scopes} = value
  if (typeof name !== 'string' || name.trim() === '') return '"name" must be a non-empty string.'
  if (typeof hex !== 'string' || !/^[0-9a-f]{64}$/i.test(hex)) {
    return '"token_sha256" must be the 64 hex digits of the token\'s SHA-256 (as `printf %s "$TOKEN" | sha256sum` prints), never the token itself.'
  }
  if (!Array.isArray(scopes) || !scopes.every((scope) => typeof scope === 'string' && scope !== '')) return '"scopes" must be an array of scope names (strings), [] for none.'
  return {name, token_sha256: hex.toLowerCase(), scopes}
}
