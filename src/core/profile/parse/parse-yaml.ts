import type {LineCounter, Node, Pair, ScalarTag, YAMLError} from 'yaml'

import {childPointer} from '../../json/index.js'
import {LIMITS} from '../limits.js'
import type {ParseOutcome, TextProblem} from './parse-json.js'
import {yamlLibrary} from './yaml-library.js'

/**
 * Parses YAML 1.2 text (core schema, so only JSON-compatible values) within the
 * profile's limits (docs/profile.md#limits). Aliases are counted before any is expanded,
 * and an alias inside the node it names (a cycle JSON cannot hold) is refused, so alias
 * bombs fail in milliseconds and never build a value. A key is its text, as in JSON
 * (`1`, `"1"` and `!!str 1` are the key "1"), and appears once per mapping: two keys
 * that would be one property of the value are refused, never merged (checkKeys).
 */
export function parseYaml(text: string): ParseOutcome {
  const {LineCounter, parseDocument} = yamlLibrary()
  const lines = new LineCounter()
  let document
  try {
    document = parseDocument(text, {
      lineCounter: lines,
      version: '1.2',
      schema: 'core',
      // Without this the core schema still honours YAML 1.1 tags like !!binary and !!set.
      resolveKnownTags: false,
      // Keys are compared by checkKeys, as the strings the value will hold.
      stringKeys: true,
      uniqueKeys: false,
      prettyErrors: true,
    })
  } catch (error) {
    return {ok: false, syntax: true, problems: [{pointer: '', message: `Not valid YAML: ${(error as Error).message}. Fix the syntax.`}]}
  }
  const syntaxErrors = document.errors.filter((error) => error.code !== 'NON_STRING_KEY')
  if (syntaxErrors.length > 0) return {ok: false, syntax: true, problems: syntaxErrors.map(syntaxProblem)}
  const keyProblems = checkKeys(document.contents, lines)
  if (keyProblems.length > 0) return {ok: false, syntax: false, problems: keyProblems}
  const aliasProblem = checkAliases(document.contents, lines)
  if (aliasProblem !== null) return {ok: false, syntax: false, problems: [aliasProblem]}
  let value: unknown
  try {
    value = document.toJS({maxAliasCount: LIMITS.yamlAliases})
  } catch (error) {
    // toJS refuses aliases whose expansion would explode (nested alias bombs).
    return {ok: false, syntax: false, problems: [{pointer: '', message: `YAML aliases expand too much (${(error as Error).message}). Use fewer aliases, or write the values out.`}]}
  }
  const problems: TextProblem[] = []
  checkValue(value, '', 1, problems)
  return problems.length > 0 ? {ok: false, syntax: false, problems} : {ok: true, value}
}

/** The limits JSON text gets from its scanner, checked on the value YAML produced. */
function checkValue(value: unknown, pointer: string, depth: number, problems: TextProblem[]): void {
  if (typeof value === 'string') {
    if (value.length > LIMITS.stringLength) problems.push({pointer, message: `A string is ${value.length} characters long; the limit is ${LIMITS.stringLength}. Shorten it.`})
    return
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) problems.push({pointer, message: `${value} is not a JSON number. Use a finite number.`})
    return
  }
  if (typeof value !== 'object' || value === null) return
  if (depth > LIMITS.depth) {
    problems.push({pointer, message: `Objects and arrays are nested more than ${LIMITS.depth} deep here; the limit is ${LIMITS.depth}. Flatten the document.`})
    return
  }
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) checkValue(value[index], childPointer(pointer, index), depth + 1, problems)
    return
  }
  for (const [key, member] of Object.entries(value)) {
    if (key.length > LIMITS.stringLength) problems.push({pointer, message: `A key is ${key.length} characters long; the limit is ${LIMITS.stringLength}. Shorten it.`})
    checkValue(member, childPointer(pointer, key), depth + 1, problems)
  }
}

/**
 * Every key of every mapping is text that means one thing, and none is repeated: a key
 * is text in JSON, and two keys that are one property of the value are refused, never
 * merged. A plain key the core schema reads as another value (`0x1` is 1, `~` is null) is
 * refused too, so no reader of the document can see other keys than the value holds; and
 * an alias or a collection has no text of its own to be a key.
 */
function checkKeys(root: unknown, lines: LineCounter): TextProblem[] {
  const {isAlias, isMap, isScalar, isSeq} = yamlLibrary()
  const problems: TextProblem[] = []
  // Iterative, and no deeper than values may nest (checkValue reports deeper ones).
  const pending: Array<{node: unknown; pointer: string; depth: number}> = [{node: root, pointer: '', depth: 1}]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const {node, pointer, depth} = next
    if (depth > LIMITS.depth) continue
    if (isSeq(node)) node.items.forEach((item, index) => pending.push({node: item, pointer: childPointer(pointer, index), depth: depth + 1}))
    if (!isMap(node)) continue
    const seen = new Set<string>()
    for (const pair of node.items as Pair[]) {
      const key = pair.key as Node | null
      if (!isScalar(key)) {
        const what = key === null ? 'is missing' : `is a YAML ${isAlias(key) ? 'alias' : 'collection'}`
        problems.push({pointer, message: `A key${lineOf(key, lines)} ${what}; a key must be text, as in JSON. Write the key out as text.`})
        continue
      }
      const name = String(key.value)
      const at = childPointer(pointer, name)
      // A quoted key, or one tagged a string (`!!str 0x1`), is the text written.
      const read = key.type === 'PLAIN' && key.tag === undefined ? readAsAnotherValue(name) : undefined
      if (key.tag !== undefined && key.tag !== STRING_TAG) {
        problems.push({pointer: at, message: `The key ${JSON.stringify(name)}${lineOf(key, lines)} has the tag ${key.tag}, which makes it another value than its text. Remove the tag.`})
      } else if (read !== undefined) {
        problems.push({pointer: at, message: `The key ${JSON.stringify(name)}${lineOf(key, lines)} is read by YAML as ${read}, not as the text written. Quote it, or write it as ${read}.`})
      } else if (seen.has(name)) {
        problems.push({pointer: at, message: `Duplicate key ${JSON.stringify(name)}${lineOf(key, lines)}: a key may appear once per mapping, however it is written (1, "1" and '1' are one key). Remove or rename one of them.`})
      }
      seen.add(name)
      pending.push({node: pair.value, pointer: at, depth: depth + 1})
    }
  }
  return problems
}

const STRING_TAG = 'tag:yaml.org,2002:str'

let coreScalarTags: ScalarTag[] | undefined

/** What the core schema reads plain text as, when that is a value whose own text differs (`0x1` is 1, `~` is null, `True` is true); undefined otherwise. */
function readAsAnotherValue(text: string): string | undefined {
  const {Schema} = yamlLibrary()
  coreScalarTags ??= new Schema({schema: 'core', resolveKnownTags: false}).tags.filter((tag): tag is ScalarTag => 'test' in tag && tag.test !== undefined)
  const tag = coreScalarTags.find((candidate) => candidate.test!.test(text))
  if (tag === undefined) return undefined
  const value = String(tag.resolve(text, () => undefined, {}))
  return value === text ? undefined : value
}

function checkAliases(root: unknown, lines: LineCounter): TextProblem | null {
  const {isAlias, isCollection, isNode, visit} = yamlLibrary()
  const anchors = new Map<string, Node>()
  let aliases = 0
  let problem: TextProblem | null = null
  visit(root as Node, {
    Node(_key, node, path) {
      if (isAlias(node)) {
        aliases++
        if (aliases > LIMITS.yamlAliases) {
          problem = {pointer: '', message: `The document uses more than ${LIMITS.yamlAliases} YAML aliases (*name); the limit is ${LIMITS.yamlAliases}. Write the repeated values out.`}
          return visit.BREAK
        }
        const source = anchors.get(node.source)
        if (source === undefined) return undefined
        if (isCollection(source) && path.includes(source)) {
          problem = {pointer: '', message: `The YAML alias *${node.source}${lineOf(node, lines)} is inside the node &${node.source} it names, a cycle JSON cannot represent. Remove the alias.`}
          return visit.BREAK
        }
        return undefined
      }
      // An anchor names the latest node carrying it (YAML 1.2 §3.2.2.2).
      if (isNode(node) && node.anchor !== undefined) anchors.set(node.anchor, node)
      return undefined
    },
  })
  return problem
}

function lineOf(node: Node | null, lines: LineCounter): string {
  if (!node?.range) return ''
  const {line, col} = lines.linePos(node.range[0])
  return ` at line ${line}, column ${col}`
}

function syntaxProblem(error: YAMLError): TextProblem {
  const reason = error.message.split(' at line ')[0] ?? error.message
  const position = error.linePos?.[0]
  const where = position ? ` at line ${position.line}, column ${position.col}` : ''
  // The parser gives up on nesting far past the profile's limit before any value exists.
  if (error.code === 'RESOURCE_EXHAUSTION') return {pointer: '', message: `Objects and arrays are nested too deep to read${where}; the limit is ${LIMITS.depth}. Flatten the document.`}
  return {pointer: '', message: `Not valid YAML${where}: ${reason}. Fix the syntax.`}
}
