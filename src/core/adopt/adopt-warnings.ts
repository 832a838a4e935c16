/** Something adoption changed or left out that the producer should know about. */
export interface AdoptWarning {
  /** RFC 6901 JSON Pointer into the adopted document (for removed things: where they were). */
  readonly pointer: string
  /** The operationId (as adopted) of the operation concerned, when there is one. */
  readonly operation?: string
  readonly message: string
}

/** Collects warnings in the order adoption finds them, which is deterministic. */
export class AdoptWarnings {
  readonly list: AdoptWarning[] = []

  add(pointer: string, message: string, operation?: string): void {
    this.list.push(operation === undefined ? {pointer, message} : {pointer, operation, message})
  }

  /**
   * Names the operation of every warning whose pointer lies inside one
   * (`/paths/{path}/{method}/...`), given each operation's pointer and final operationId.
   */
  nameOperations(ids: ReadonlyMap<string, string>): void {
    for (const [index, warning] of this.list.entries()) {
      if (warning.operation !== undefined) continue
      // Escaped tokens hold no "/", so the first four parts are '', 'paths', path, method.
      const operation = ids.get(warning.pointer.split('/', 4).join('/'))
      if (operation !== undefined) this.list[index] = {pointer: warning.pointer, operation, message: warning.message}
    }
  }
}
