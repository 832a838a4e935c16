import type {LineCounter, Node, YAMLError} from 'yaml'

import {childPointer} from '../json/index.js'
import {LIMITS} from './limits.js'
import type {ParseOutcome, TextProblem} from './parse-json.js'
import {yamlLibrary} from './yaml-library.js'

/**
 * Parses YAML 1.2 text (core schema, so only JSON-compatible values) within the
 * profile's limits (docs/profile.md#limits). Aliases are counted before any is expanded,
 * and an alias inside the node it names (a cycle JSON cannot hold) is refused, so alias
 * bombs fail in milliseconds and never build a value.
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
      uniqueKeys: true,
      prettyErrors: true,
    })
  } catch (error) {
    return {ok: false, syntax: true, problems: [{pointer: '', message: `Not valid YAML: ${(error as Error).message}. Fix the syntax.`}]}
  }
  if (document.errors.length > 0) return {ok: false, syntax: true, problems: document.errors.map(syntaxProblem)}
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

function lineOf(node: Node, lines: LineCounter): string {
  if (!node.range) return ''
  const {line, col} = lines.linePos(node.range[0])
  return ` at line ${line}, column ${col}`
}

function syntaxProblem(error: YAMLError): TextProblem {
  const reason = error.message.split(' at line ')[0] ?? error.message
  const position = error.linePos?.[0]
  const where = position ? ` at line ${position.line}, column ${position.col}` : ''
  if (error.code === 'DUPLICATE_KEY') return {pointer: '', message: `Duplicate key${where}: a key may appear once per mapping. Remove or rename one of them.`}
  // The parser gives up on nesting far past the profile's limit before any value exists.
  if (error.code === 'RESOURCE_EXHAUSTION') return {pointer: '', message: `Objects and arrays are nested too deep to read${where}; the limit is ${LIMITS.depth}. Flatten the document.`}
  return {pointer: '', message: `Not valid YAML${where}: ${reason}. Fix the syntax.`}
}
