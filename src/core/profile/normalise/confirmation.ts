import {childPointer, isObject, quoteJson} from '../../json/index.js'
import type {ConfirmationRule} from '../operation-record.js'
import type {SchemaBundler} from '../schema/index.js'

type Report = (pointer: string, message: string) => void

/** What the confirmation rule of one operation is derived from. */
export interface ConfirmationSource {
  readonly operationId: string
  /** The Operation Object and its pointer. */
  readonly operation: Record<string, unknown>
  readonly pointer: string
  /** The top-level properties of the operation's input. */
  readonly inputProperties: readonly string[]
}

/**
 * The operation's confirmation rule (docs/profile.md#x-tama-confirmation): its
 * `x-tama-confirmation`, or, for a destructive operation without one, confirmation on
 * every call; null when no call needs confirming. The shape of `x-tama-confirmation` is
 * checked against docs/schema/x-tama.schema.json elsewhere; here, `echo` must name an
 * input property.
 */
export function deriveConfirmation(source: ConfirmationSource, bundler: SchemaBundler, report: Report): ConfirmationRule | null {
  const destructive = source.operation['x-tama-destructive'] === true
  const rule = source.operation['x-tama-confirmation']
  const defaultMessage = `${source.operationId} needs confirmation.`
  if (!isObject(rule)) return destructive ? {echo: null, message: defaultMessage, when: 'always'} : null
  const pointer = childPointer(source.pointer, 'x-tama-confirmation')
  const echo = typeof rule.echo === 'string' ? rule.echo : null
  if (echo !== null && !source.inputProperties.includes(echo)) {
    const known = source.inputProperties.length === 0 ? 'the input has no properties' : `its properties are ${source.inputProperties.join(', ')}`
    report(childPointer(pointer, 'echo'), `\`echo\` names ${quoteJson(echo)}, which is not a top-level property of the operation's input (${known}). Name one of them, or remove \`echo\`.`)
  }
  if (rule.when === 'never') return null
  const when = isObject(rule.when) ? bundler.bundleOne({value: rule.when, pointer: childPointer(pointer, 'when')}) : 'always'
  return {echo, message: typeof rule.message === 'string' ? rule.message : defaultMessage, when}
}
