import {TamaError} from '../../errors/index.js'
import {childPointer, isObject} from '../../json/index.js'
import type {AdoptWarnings} from '../adopt-warnings.js'

// swagger2openapi marks what it could not convert losslessly with this key instead of failing.
const WARN_PROPERTY = 'x-s2o-warning'

/**
 * Swagger 2.0 to OpenAPI 3.0 with swagger2openapi, kept offline: no external reference
 * is fetched (`resolve: false`), small source errors are patched and what cannot be
 * converted is reported rather than thrown (`warnOnly`).
 * https://spec.openapis.org/oas/v2.0.html to https://spec.openapis.org/oas/v3.0.3.html
 */
export async function convertSwagger2(document: Record<string, unknown>, source: string, warnings: AdoptWarnings): Promise<Record<string, unknown>> {
  const {convertObj} = await import('swagger2openapi')
  let converted: Record<string, unknown>
  // The converter prints a failure (stack trace included) with console.warn before it
  // rejects with it; the rejection becomes a TamaError below, so the print is muted.
  const warn = console.warn
  console.warn = () => {}
  try {
    converted = await convertObj(document, {patch: true, warnOnly: true, warnProperty: WARN_PROPERTY, resolve: false, anchors: true, direct: true})
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new TamaError('invalid_document', `${source}: this Swagger 2.0 document cannot be converted: ${reason}. Fix it and adopt again.`, {
      problems: [{source, pointer: '', message: reason}],
    })
  } finally {
    console.warn = warn
  }
  collectConverterWarnings(converted, warnings)
  return converted
}

function collectConverterWarnings(document: Record<string, unknown>, warnings: AdoptWarnings): void {
  const pending: Array<[unknown, string]> = [[document, '']]
  const seen = new Set<object>()
  while (pending.length > 0) {
    const [value, pointer] = pending.pop()!
    if (typeof value !== 'object' || value === null || seen.has(value)) continue
    seen.add(value)
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) pending.push([value[index], childPointer(pointer, index)])
      continue
    }
    const record = value as Record<string, unknown>
    if (Object.hasOwn(record, WARN_PROPERTY)) {
      warnings.add('converter-warning', pointer, `the Swagger 2.0 converter says: ${String(record[WARN_PROPERTY])}`, 'the converted document was kept.')
      delete record[WARN_PROPERTY]
    }
    for (const key of Object.keys(record).reverse()) if (isObject(record[key]) || Array.isArray(record[key])) pending.push([record[key], childPointer(pointer, key)])
  }
}
