import {access} from 'node:fs/promises'
import {resolve} from 'node:path'
import {pathToFileURL} from 'node:url'

import {TamaError, passOption} from '../../errors/index.js'
import {readDocumentFile} from '../../profile/index.js'
import {count, quote} from '../../text/index.js'

/** `generate.mjs#catalogue`: an ES module and the export that is (or makes) the document. */
const MODULE_SPEC = /^(?<file>.+\.m?js)(?:#(?<name>[^#]+))?$/

/**
 * Reads every document a producer names. When several cannot be parsed, one
 * TamaError('invalid_document') reports the problems of all of them; any other failure
 * (a missing file, say) is thrown as it is.
 */
export async function readDocumentInputs(specs: readonly string[]): Promise<Array<{source: string; document: unknown}>> {
  const results = await Promise.allSettled(specs.map((spec) => readDocumentInput(spec)))
  const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []))
  const other = failures.find((failure) => !(failure instanceof TamaError && failure.kind === 'invalid_document'))
  if (other !== undefined) throw other
  if (failures.length === 1) throw failures[0]
  if (failures.length > 1) {
    const problems = (failures as TamaError[]).flatMap((failure) => failure.problems)
    throw new TamaError('invalid_document', `${count(failures.length, 'document')} cannot be read: ${count(problems.length, 'problem')}. Fix them and build again.`, {problems})
  }
  return results.map((result) => (result as PromiseFulfilledResult<{source: string; document: unknown}>).value)
}

/**
 * Reads one document a producer names: a JSON or YAML file, or an ES module export
 * `module.mjs#exportName` (default: the default export) whose value is the document, a
 * promise of it, or a function returning either. `source` is the spec as given.
 */
export async function readDocumentInput(spec: string): Promise<{source: string; document: unknown}> {
  const module = MODULE_SPEC.exec(spec)?.groups
  if (module === undefined) return {source: spec, document: await readDocumentFile(spec)}
  const file = module.file!
  const name = module.name ?? 'default'
  const exported = await importExport(file, name)
  try {
    const value: unknown = typeof exported === 'function' ? await (exported as () => unknown)() : await exported
    return {source: spec, document: value}
  } catch (error) {
    throw new TamaError('invalid_document', `${spec}: the export failed while making the document (${describe(error, file)}). Fix the module.`)
  }
}

async function importExport(file: string, name: string): Promise<unknown> {
  const absolute = resolve(file)
  try {
    await access(absolute)
  } catch {
    throw new TamaError('not_found', `${file}: no such module.`, {remedy: passOption('documents', 'with the path of a module that exists')})
  }
  let namespace: Record<string, unknown>
  try {
    namespace = (await import(pathToFileURL(absolute).href)) as Record<string, unknown>
  } catch (error) {
    throw new TamaError('invalid_document', `${file}: the module cannot be loaded (${describe(error, file)}). Fix the module.`)
  }
  if (!(name in namespace)) {
    const names = Object.keys(namespace)
    throw new TamaError('usage', `${file} has no export ${quote(name)}; it exports ${names.length === 0 ? 'nothing' : names.map(quote).join(', ')}. Name one with ${file}#NAME.`)
  }
  return namespace[name]
}

// A module's error may quote its absolute path or URL; show the path as the user gave it.
function describe(error: unknown, file: string): string {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  const absolute = resolve(file)
  return message.replaceAll(pathToFileURL(absolute).href, file).replaceAll(absolute, file).split('\n')[0]!
}
