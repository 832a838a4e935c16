import {MAX_JSON_DEPTH} from '../json/index.js'

/** The profile this version of tama-dex reads and writes (`x-tama-profile`). */
export const PROFILE = 'tama-operations/1'

/** Bytes in a mebibyte: sizes and their limits are said in MiB. */
export const MIB = 1024 * 1024

/**
 * The limits a `tama-operations/1` document must keep.
 * docs/profile.md#limits
 */
export const LIMITS = Object.freeze({
  /** Bytes of the document text. */
  documentBytes: 64 * 1024 * 1024,
  operations: 10_000,
  /** Objects and arrays nested inside each other, the root counting as 1. */
  depth: MAX_JSON_DEPTH,
  /** Characters (UTF-16 code units) of any string, keys included. */
  stringLength: 1024 * 1024,
  summaryLength: 1024,
  descriptionLength: 65_536,
  tagsPerOperation: 64,
  tagLength: 128,
  scopesPerOperation: 64,
  scopeLength: 128,
  operationIdLength: 128,
  confirmationMessageLength: 1024,
  /** `x-tama-keywords` of an operation, and of the document root. */
  keywordsPerOperation: 32,
  keywordLength: 64,
  /** `x-tama-examples` of an operation. */
  examplesPerOperation: 16,
  exampleLength: 200,
  /** Positions the distinct `pattern`s (and `patternProperties` keys) expand to together, each counted repeat written out. */
  patternPositions: 100_000,
  yamlAliases: 100,
  /** Names in one schema's `required`. */
  requiredNames: 1000,
  /** Names in one schema's `dependentRequired` (or `dependencies`), each listed name and the names it requires counted: validators write code for each. */
  dependentNames: 250,
  /** Values of one `enum`. */
  enumValues: 2000,
  /** Patterns of one `patternProperties`. */
  patternProperties: 100,
  /** Subschemas one schema applies to the same value, along every path of `$ref` and the in-place applicators. */
  inPlaceApplications: 1000,
  /** Schemas nested in each other along any path of subschemas, each `$ref` followed counting as one more: how deep compiling goes. */
  referenceDepth: 128,
  /** Subschemas of one operation's input schema (or `when`) once bundled, each place counted: what execute compiles. */
  operationSubschemas: 2000,
})

/**
 * The limits an `execute` input must keep, checked before confirmation and validation so
 * that no input costs more than these allow. docs/execute.md#limits
 */
export const INPUT_LIMITS = Object.freeze({
  /** Bytes of the input written as JSON (UTF-8). */
  bytes: 1024 * 1024,
  /** Items of any one array in the input. */
  arrayItems: 10_000,
  /**
   * Steps of one validation against one schema: one per schema applied to a value, plus one
   * per name `required`, `dependentRequired`, `dependentSchemas` or `properties` looks up,
   * per `enum` value compared and per key `additionalProperties` or
   * `unevaluatedProperties` looks at, and ten per key tested against a pattern of
   * `patternProperties`. docs/execute.md#input-limits
   */
  validationSteps: 1_000_000,
  /** Steps spent listing every problem of an invalid input; past them, the first problems found are the answer. */
  problemSteps: 10_000,
})
