import {readFileSync} from 'node:fs'

import {Ajv2020, type ValidateFunction} from 'ajv/dist/2020.js'

const compiled = new Map<string, ValidateFunction>()

/**
 * The validator of a JSON Schema in docs/schema/, the one definition of the file it
 * describes, compiled at first use, once per process. The schema itself is checked
 * against its meta-schema by the tests, not at every start.
 */
export function shippedSchema(name: string): ValidateFunction {
  let validate = compiled.get(name)
  if (validate === undefined) {
    const schema = JSON.parse(readFileSync(new URL(`../../../docs/schema/${name}`, import.meta.url), 'utf8')) as object
    validate = new Ajv2020({allErrors: true, verbose: true, validateSchema: false}).compile(schema)
    compiled.set(name, validate)
  }
  return validate
}
