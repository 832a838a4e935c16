/**
 * Numbers JSON values so that two values get the same number exactly when JSON Schema
 * calls them equal (numbers by value, objects whatever their key order). Each value is
 * numbered once, from its children's numbers, so numbering every item of every array in
 * an input costs time linear in the input, however the arrays nest: what lets
 * `uniqueItems` be checked without comparing every pair of items.
 * Only for plain JSON data, and only for one validation: values are remembered by identity.
 */
export class ValueIdentities {
  private readonly byObject = new WeakMap<object, number>()
  private readonly bySignature = new Map<string, number>()
  private readonly byString = new Map<string, number>()
  private next = 0

  idOf(value: unknown): number {
    if (typeof value === 'string') return this.intern(this.byString, value)
    if (value === null) return this.intern(this.bySignature, 'z')
    if (typeof value === 'boolean') return this.intern(this.bySignature, value ? 't' : 'f')
    if (typeof value !== 'object') return this.intern(this.bySignature, `n${String(value)}`)
    const known = this.byObject.get(value)
    if (known !== undefined) return known
    let signature: string
    if (Array.isArray(value)) {
      signature = `a${value.map((item) => this.idOf(item)).join(',')}`
    } else {
      const entries = Object.keys(value).map((key) => [this.idOf(key), this.idOf((value as Record<string, unknown>)[key])] as const)
      entries.sort(([a], [b]) => a - b)
      signature = `o${entries.map(([key, item]) => `${key}:${item}`).join(',')}`
    }
    const id = this.intern(this.bySignature, signature)
    this.byObject.set(value, id)
    return id
  }

  private intern(table: Map<string, number>, key: string): number {
    let id = table.get(key)
    if (id === undefined) {
      id = this.next++
      table.set(key, id)
    }
    return id
  }
}
