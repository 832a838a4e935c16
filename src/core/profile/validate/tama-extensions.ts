import {readFileSync} from 'node:fs'

import {Ajv2020, type ValidateFunction} from 'ajv/dist/2020.js'

import {schemaProblems} from '../../json-schema/index.js'

type Report = (pointer: string, message: string) => void

/** docs/schema/x-tama.schema.json, the one definition of the `x-tama-*` keys. */
const SCHEMA_URL = new URL('../../../../docs/schema/x-tama.schema.json', import.meta.url)

interface Validators {
  readonly document: ValidateFunction
  readonly operation: ValidateFunction
  /** Why an `x-tama-*` key is refused where it is not defined. */
  readonly unknownKey: string
  readonly defs: Readonly<Record<string, {description?: string}>>
}

let validators: Validators | undefined

/** Compiled at first use, once per process. */
function compiled(): Validators {
  if (validators === undefined) {
    const schema = JSON.parse(readFileSync(SCHEMA_URL, 'utf8')) as {$id: string; $defs: Record<string, {description?: string}> & {unknown: {description: string}}}
    // The schema itself is checked against the meta-schema by the test suite, not at every start.
    const ajv = new Ajv2020({allErrors: true, verbose: true, validateSchema: false})
    ajv.addSchema(schema)
    validators = {
      document: ajv.getSchema(`${schema.$id}#/$defs/document`)!,
      operation: ajv.getSchema(`${schema.$id}#/$defs/operation`)!,
      unknownKey: schema.$defs.unknown.description,
      defs: schema.$defs,
    }
  }
  return validators
}

/**
 * Checks the `x-tama-*` keys of the document root (docs/profile.md#root) against
 * docs/schema/x-tama.schema.json.
 */
export function checkDocumentExtensions(root: Record<string, unknown>, report: Report): void {
  check(compiled().document, root, '', report)
}

/**
 * Checks the `x-tama-*` keys of an Operation Object (docs/profile.md#operations) against
 * docs/schema/x-tama.schema.json.
 */
export function checkOperationExtensions(operation: Record<string, unknown>, pointer: string, report: Report): void {
  check(compiled().operation, operation, pointer, report)
}

/** Why an `x-tama-*` key is refused outside the root and operations. */
export function unknownTamaKeyMessage(): string {
  return compiled().unknownKey
}

function check(validate: ValidateFunction, value: Record<string, unknown>, pointer: string, report: Report): void {
  const wording = {subject: 'the profile', describe: (name: string) => compiled().defs[name]?.description}
  for (const problem of schemaProblems(validate, value, wording)) report(pointer + problem.pointer, problem.message)
}
