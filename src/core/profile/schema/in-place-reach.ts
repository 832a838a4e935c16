import {LIMITS} from '../limits.js'
import type {SchemaMeasure} from './schema-graph-fold.js'
import {IN_PLACE_APPLICATORS} from './schema-keywords.js'

/**
 * What validating one value against a schema costs before it moves on to the value's
 * properties or items: every subschema the schema applies to the same value, through
 * `$ref` and the in-place applicators (IN_PLACE_APPLICATORS), counted along every path.
 * Validators walk each path (Ajv does), so a chain of twenty `anyOf`s of two `$ref`s to
 * the next one costs a million evaluations of a single value, and a schema that reaches
 * itself this way never finishes at all. Both are reported: a cycle at the reference or
 * applicator that closes it, and a count beyond LIMITS.inPlaceApplications at the
 * innermost schema past it.
 */
export const IN_PLACE_REACH: SchemaMeasure = Object.freeze({
  follows: (keyword: string) => IN_PLACE_APPLICATORS.has(keyword),
  own: 1,
  booleanSubschema: 1,
  // Saturates: the exact count past the limit does not matter, and must not overflow.
  add: (applications: number, subschema: number) => Math.min(applications + subschema, LIMITS.inPlaceApplications + 1),
  limit: LIMITS.inPlaceApplications,
  pastLimit: `Validating one value against this schema applies more than ${LIMITS.inPlaceApplications} subschemas to it, counting every path through \`$ref\`, \`allOf\`, \`anyOf\`, \`oneOf\`, \`not\`, \`if\`/\`then\`/\`else\` and \`dependentSchemas\`. Simplify the schema: name a shared subschema once instead of reaching it along many paths.`,
  loop: (backTo: string) => `This leads back to the schema at #${backTo} without moving to a property or an item, so validating any value would never finish. Make the recursion go through \`properties\`, \`items\` or another keyword that moves into the value, or remove it.`,
})
