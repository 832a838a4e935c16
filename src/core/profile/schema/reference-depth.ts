import {LIMITS} from '../limits.js'
import type {SchemaMeasure} from './schema-graph-fold.js'

/** Places whose subschemas are only there to be referenced: a validator compiles them where a `$ref` leads. */
const DEFINITIONS = new Set(['$defs', 'definitions'])

/**
 * How deep compiling a schema goes: the most schemas nested in each other along any path
 * of subschemas, each `$ref` followed to its target as one more level. A validator
 * compiles each level inside the one above it (Ajv does, a `$ref`'s target included), so
 * a long enough path overflows the stack and the schema can never be compiled: a chain of
 * about 190 schemas each referencing the next does. A path past LIMITS.referenceDepth is
 * reported at the innermost schema past it. A reference back to a schema still being
 * walked is recursion through the value, which a validator compiles as a call and which
 * adds no depth.
 */
export const REFERENCE_DEPTH: SchemaMeasure = Object.freeze({
  follows: (keyword: string) => !DEFINITIONS.has(keyword),
  own: 1,
  booleanSubschema: 0,
  // Saturates: how far past the limit does not matter.
  add: (depth: number, subschema: number) => Math.max(depth, Math.min(subschema, LIMITS.referenceDepth + 1) + 1),
  limit: LIMITS.referenceDepth,
  pastLimit: `Compiling this schema goes more than ${LIMITS.referenceDepth} schemas deep, counting each subschema and each \`$ref\` followed as a level, which a validator may not be able to compile. Shorten the chain of references and nested schemas below it: name fewer levels, or flatten them.`,
})
