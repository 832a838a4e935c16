import {createRequire} from 'node:module'

import type * as Yaml from 'yaml'

let library: typeof Yaml | undefined

/** The yaml package, loaded at first use: most documents are JSON, and it is a large module to load for each command that reads one. */
export function yamlLibrary(): typeof Yaml {
  library ??= createRequire(import.meta.url)('yaml') as typeof Yaml
  return library
}
