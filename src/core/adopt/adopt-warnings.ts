/** Each sort of change adoption makes or thing it leaves out, with how a count of them reads: "452 request bodies dropped". */
export const ADOPT_WARNING_KINDS = {
  'operation-left-out': 'operations left out',
  'request-body-dropped': 'request bodies dropped',
  'callback-dropped': 'callbacks dropped',
  'tag-dropped': 'tags dropped',
  'text-cut': 'summaries or descriptions cut to the profile limit',
  'field-dropped': 'summaries or descriptions that are not text dropped',
  'info-rewritten': 'info fields rewritten as text',
  'parameter-dropped': 'parameters dropped',
  'parameter-added': 'undeclared path parameters added',
  'schema-keyword-removed': 'schema keywords removed',
  'pattern-removed': 'patterns removed',
  'reference-removed': 'references removed',
  'reference-repaired': 'references repaired',
  'converter-warning': 'Swagger 2.0 converter warnings',
  'value-retyped': 'booleans or numbers written as strings retyped',
  'field-removed': 'fields OpenAPI does not have removed',
  'field-converted': 'Swagger 2.0 fields converted to their OpenAPI 3 place',
  'path-lifted': 'path items nested in path items lifted to their full path',
  'path-rewritten': 'query templates that repeat a query parameter removed from path keys',
  'path-fragment': 'operations whose path key has a #fragment, which is never sent',
  'title-added': 'empty titles taken from the file name',
  'schema-trimmed': "body schemas cut to the profile's limit on an operation's input",
  'keywords-unmatched': 'keyword map entries naming no operation or tag',
  'keywords-cut': 'operations with more keywords than the profile limit',
} as const

export type AdoptWarningKind = keyof typeof ADOPT_WARNING_KINDS

/**
 * The kinds that report what a profile document cannot carry (form bodies, callbacks,
 * cookies, texts past a limit, patterns tama-dex cannot match in linear time, a path's
 * fragment in the request) rather than a mistake in the input: `strict` refuses every other kind.
 */
export const PROFILE_LOSS_KINDS: ReadonlySet<AdoptWarningKind> = new Set(['request-body-dropped', 'callback-dropped', 'text-cut', 'pattern-removed', 'parameter-dropped', 'schema-trimmed', 'path-fragment'])

/** Something adoption changed or left out that the producer should know about. */
export interface AdoptWarning {
  readonly kind: AdoptWarningKind
  /** RFC 6901 JSON Pointer into the adopted document (for removed things: where they were). */
  readonly pointer: string
  /** The operationId (as adopted) of the operation concerned, when there is one. */
  readonly operation_id?: string
  readonly message: string
}

/** Warnings of one kind: how many, and the first as an example. */
export interface AdoptWarningGroup {
  readonly kind: AdoptWarningKind
  readonly count: number
  readonly example: AdoptWarning
}

/** Collects warnings in the order adoption finds them, which is deterministic. */
export class AdoptWarnings {
  readonly list: AdoptWarning[] = []
  /** What each warning found in the input, without what adoption did about it: what `strict` refuses. */
  readonly #findings = new WeakMap<AdoptWarning, string>()

  /**
   * Records that adoption `found` something (a clause, no final stop) at `pointer` and what
   * it did about it (`outcome`, a sentence); the warning's message says both.
   */
  add(kind: AdoptWarningKind, pointer: string, found: string, outcome: string, operation?: string): void {
    const message = `${found}; ${outcome}`
    const warning = operation === undefined ? {kind, pointer, message} : {kind, pointer, operation_id: operation, message}
    this.#findings.set(warning, `${found}.`)
    this.list.push(warning)
  }

  /** What `warning` found in the input, as a sentence that claims no change. */
  finding(warning: AdoptWarning): string {
    return this.#findings.get(warning) ?? warning.message
  }

  /**
   * Names the operation of every warning whose pointer lies inside one
   * (`/paths/{path}/{method}/...`), given each operation's pointer and final operationId.
   */
  nameOperations(ids: ReadonlyMap<string, string>): void {
    for (const [index, warning] of this.list.entries()) {
      if (warning.operation_id !== undefined) continue
      // Escaped tokens hold no "/", so the first four parts are '', 'paths', path, method.
      const operation = ids.get(warning.pointer.split('/', 4).join('/'))
      if (operation === undefined) continue
      const named = {...warning, operation_id: operation}
      this.#findings.set(named, this.finding(warning))
      this.list[index] = named
    }
  }
}

/** Warnings grouped by kind, most frequent first (ties in the order first found), each with its first warning as the example. */
export function groupAdoptWarnings(warnings: readonly AdoptWarning[]): AdoptWarningGroup[] {
  const groups = new Map<AdoptWarningKind, {count: number; example: AdoptWarning}>()
  for (const warning of warnings) {
    const group = groups.get(warning.kind)
    if (group === undefined) groups.set(warning.kind, {count: 1, example: warning})
    else group.count++
  }
  return [...groups].map(([kind, {count, example}]) => ({kind, count, example})).sort((a, b) => b.count - a.count)
}
