import type {OperationRecord} from '../../src/index.js'

/** A small seeded PRNG (mulberry32), so synthetic catalogues are the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Scope mixes of a realistic host: most operations open or read-only, some write, a few admin. */
const SCOPE_MIX: ReadonlyArray<{share: number; scopes: (cassette: string) => string[]}> = [
  {share: 0.4, scopes: () => []},
  {share: 0.3, scopes: (c) => [`${c}.read`]},
  {share: 0.2, scopes: (c) => [`${c}.read`, `${c}.write`]},
  {share: 0.1, scopes: () => ['admin']},
]

/** The scopes the benchmark's caller holds in cassettes `cassettes`: read and write, never admin. */
export function callerScopes(cassettes: readonly string[]): string[] {
  return cassettes.flatMap((c) => [`${c}.read`, `${c}.write`])
}

/**
 * `total` operations in cassettes of `perCassette`, each recombined from two real ones:
 * the id, summary and tags of one, its description followed by the other's first
 * sentence, and both input field sets; scopes follow SCOPE_MIX.
 */
export function syntheticCatalogue(real: readonly OperationRecord[], total: number, perCassette = 500, seed = 7): Map<string, OperationRecord[]> {
  const random = seededRandom(seed)
  const pick = () => real[Math.floor(random() * real.length)]!
  const cassettes = new Map<string, OperationRecord[]>()
  for (let start = 0, n = 0; start < total; start += perCassette, n++) {
    const cassette = `syn_${n}`
    const taken = new Set<string>()
    const records: OperationRecord[] = []
    for (let i = 0; i < Math.min(perCassette, total - start); i++) {
      const a = pick()
      const b = pick()
      let id = a.operationId
      for (let k = 2; taken.has(id); k++) id = `${a.operationId}_${k}`
      taken.add(id)
      const roll = random()
      let acc = 0
      const mix = SCOPE_MIX.find((m) => (acc += m.share) > roll) ?? SCOPE_MIX[0]!
      const aProps = (a.inputSchema as {properties: object}).properties
      const bProps = (b.inputSchema as {properties: object}).properties
      records.push({
        ...a,
        operationId: id,
        description: `${a.description} ${b.summary}`,
        scopes: mix.scopes(cassette),
        inputSchema: {type: 'object', properties: {...bProps, ...aProps}, additionalProperties: false},
      })
    }
    cassettes.set(cassette, records)
  }
  return cassettes
}
