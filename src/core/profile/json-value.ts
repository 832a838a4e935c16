/** A plain JSON object (not null, not an array). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The JSON type of a value, as messages name it ("found a string"). */
export function jsonType(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'object') return 'an object'
  if (typeof value === 'string') return 'a string'
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a number'
  if (typeof value === 'boolean') return 'a boolean'
  return typeof value
}

/** A short, single-line rendering of a value for messages; long values are cut, containers only named. */
export function quote(value: unknown, max = 60): string {
  if (typeof value === 'object' && value !== null) return jsonType(value)
  const text = JSON.stringify(value) ?? String(value)
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}
