import type {Document, Node} from 'yaml'

import type {Problem} from '../../errors/index.js'
import {pointerTokens} from '../../json/index.js'
import {documentSource, readDocumentBytes} from './parse-document.js'
import {yamlLibrary} from './yaml-library.js'

/** 1-based, as editors and compilers print positions. */
export interface TextPosition {
  readonly line: number
  readonly column: number
}

/**
 * Maps JSON Pointers into a document's text (JSON or YAML: JSON is YAML 1.2 too) to the
 * line and column of the value each names, or of its nearest enclosing value when the
 * named one is absent (a missing property is reported at its parent). Parses the text
 * once, and only when a problem needs a position.
 */
export function pointerLocator(text: string): (pointer: string) => TextPosition | undefined {
  const {LineCounter, parseDocument} = yamlLibrary()
  const lines = new LineCounter()
  const document = parseDocument(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, {lineCounter: lines, version: '1.2', schema: 'core', uniqueKeys: false})
  return (pointer) => {
    const tokens = pointerTokens(pointer)
    if (tokens === null || document.errors.length > 0) return undefined
    const node = nearestNode(document, tokens)
    if (node?.range === undefined || node.range === null) return undefined
    const {line, col} = lines.linePos(node.range[0])
    return {line, column: col}
  }
}

function nearestNode(document: Document, tokens: readonly string[]): Node | undefined {
  const {isAlias, isMap, isScalar, isSeq} = yamlLibrary()
  let node = document.contents as Node | null
  for (const token of tokens) {
    if (isAlias(node)) node = node.resolve(document) ?? null
    let next: unknown
    if (isMap(node)) next = node.items.find((pair) => (isScalar(pair.key) ? String(pair.key.value) : String(pair.key)) === token)?.value
    else if (isSeq(node) && /^(0|[1-9][0-9]*)$/.test(token)) next = node.items[Number(token)]
    if (next === undefined || next === null) break
    node = next as Node
  }
  return node ?? undefined
}

/**
 * Problems with the line and column their pointers lead to, read from each problem's
 * source file once. A problem already placed, or whose source is no readable document file
 * (standard input, a module export, a file gone since), is kept as it is.
 */
export async function locateProblems(problems: readonly Problem[]): Promise<Problem[]> {
  const locators = new Map<string, ((pointer: string) => TextPosition | undefined) | null>()
  const placeable = (problem: Problem): problem is Problem & {source: string} =>
    problem.line === undefined && problem.source !== undefined && problem.source !== '-' && problem.source !== documentSource('-')
  for (const source of new Set(problems.filter(placeable).map((problem) => problem.source))) {
    try {
      const bytes = await readDocumentBytes(source)
      locators.set(source, pointerLocator(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')))
    } catch {
      locators.set(source, null)
    }
  }
  return problems.map((problem) => {
    const locate = problem.source === undefined ? undefined : locators.get(problem.source)
    return locate ? {...problem, ...locate(problem.pointer)} : problem
  })
}
