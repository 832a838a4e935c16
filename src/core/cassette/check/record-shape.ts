import {pointerOf} from '../../json/index.js'

/** The subset of JSON Schema OPERATION_RECORD_SCHEMA is written in. */
export interface ShapeSchema {
  readonly type?: string | readonly string[]
  readonly const?: string
  readonly enum?: readonly string[]
  readonly pattern?: string
  readonly minItems?: number
  readonly required?: readonly string[]
  readonly properties?: Readonly<Record<string, ShapeSchema>>
  readonly additionalProperties?: false | ShapeSchema
  readonly items?: ShapeSchema
  readonly anyOf?: readonly ShapeSchema[]
}

/** The JSON Pointer of the first place where a value is not of the shape, or null. */
export type ShapeCheck = (value: unknown) => string | null

/** The path to the first place where a value is not of the shape, built only for a finding; or null. */
type PathCheck = (value: unknown) => Array<string | number> | null

const KEYWORDS = new Set(['type', 'const', 'enum', 'pattern', 'minItems', 'required', 'properties', 'additionalProperties', 'items', 'anyOf'])

/**
 * Compiles `schema` into a check of parsed JSON, with JSON Schema's meaning for the few
 * keywords OPERATION_RECORD_SCHEMA uses: so a copy checks a record's shape without loading
 * and compiling Ajv, which takes about as long as copying a small cassette. Throws on any
 * other keyword. Like Ajv, it writes one function per subschema (from the schema alone,
 * every name and value in it quoted as JSON), which runs fast from its first record on:
 * a generic checker walking the schema takes several times as long until it is optimised.
 */
export function compileShape(schema: ShapeSchema): ShapeCheck {
  const functions: string[] = []
  const patterns: RegExp[] = []
  const compile = (node: ShapeSchema): string => {
    for (const keyword of Object.keys(node)) if (!KEYWORDS.has(keyword)) throw new Error(`compileShape cannot check the keyword ${keyword}`)
    const name = `shape${functions.length}`
    functions.push('')
    const lines: string[] = []
    // A finding's path is built backwards, from the place up, and reversed once.
    if (node.type !== undefined) lines.push(`if (!(${[node.type].flat().map(typeTest).join(' || ')})) return []`)
    const values = node.enum ?? (node.const === undefined ? null : [node.const])
    if (values !== null) lines.push(`if (!(${values.map((value) => `v === ${JSON.stringify(value)}`).join(' || ')})) return []`)
    if (node.pattern !== undefined) lines.push(`if (typeof v === 'string' && !patterns[${patterns.push(new RegExp(node.pattern, 'u')) - 1}].test(v)) return []`)
    if (node.anyOf !== undefined) lines.push(`if (${node.anyOf.map((branch) => `${compile(branch)}(v) !== null`).join(' && ')}) return []`)
    const items = node.items === undefined ? null : compile(node.items)
    lines.push('if (Array.isArray(v)) {')
    if (node.minItems !== undefined) lines.push(`  if (v.length < ${node.minItems}) return []`)
    if (items !== null) lines.push(`  for (let i = 0; i < v.length; i++) { const p = ${items}(v[i]); if (p !== null) { p.push(i); return p } }`)
    lines.push("} else if (typeof v === 'object' && v !== null) {")
    for (const required of node.required ?? []) lines.push(`  if (!Object.hasOwn(v, ${JSON.stringify(required)})) return [${JSON.stringify(required)}]`)
    const cases = Object.entries(node.properties ?? {}).map(([key, sub]) => `case ${JSON.stringify(key)}: p = ${compile(sub)}(v[k]); break`)
    const additional = node.additionalProperties
    const otherwise = additional === undefined ? 'p = null' : additional === false ? 'return [k]' : `p = ${compile(additional)}(v[k])`
    lines.push(`  for (const k of Object.keys(v)) { let p; switch (k) { ${[...cases, `default: ${otherwise}`].join('; ')} } if (p !== null) { p.push(k); return p } }`)
    lines.push('}', 'return null')
    functions[Number(name.slice('shape'.length))] = `function ${name}(v) {\n  ${lines.join('\n  ')}\n}`
    return name
  }
  const root = compile(schema)
  // Source written from the schema above alone, never from input.
  const check = new Function('patterns', `${functions.join('\n')}\nreturn ${root}`)(patterns) as PathCheck
  return (value) => {
    const path = check(value)
    return path === null ? null : pointerOf(path.reverse())
  }
}

/** The JavaScript test that `v` is of JSON Schema type `type` (integer is never held: records have none). */
function typeTest(type: string): string {
  if (type === 'null') return 'v === null'
  if (type === 'array') return 'Array.isArray(v)'
  if (type === 'object') return "(typeof v === 'object' && v !== null && !Array.isArray(v))"
  return `typeof v === ${JSON.stringify(type)}`
}
