import {readFileSync} from 'node:fs'

import {Ajv2020, type ValidateFunction} from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'

import {npmPackageFile} from './npm-package-file.js'

/** The SARIF 2.1.0 JSON Schema as Microsoft's SARIF SDK publishes it with its multitool (MIT), compiled. */
export async function sarifValidator(): Promise<ValidateFunction> {
  const schema = JSON.parse(readFileSync(await npmPackageFile('@microsoft/sarif-multitool-linux', '5.7.0', 'sarif-2.1.0.json'), 'utf8')) as object
  const ajv = new Ajv2020({strict: false, allErrors: true})
  addFormats.default(ajv)
  return ajv.compile(schema)
}
