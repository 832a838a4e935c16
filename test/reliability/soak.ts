/**
 * How hard the reliability suite pushes. CI runs the fast counts; `TAMA_DEX_SOAK=1`
 * (npm run test:reliability) raises every count. `TAMA_DEX_SEED` replays another seed.
 */
export const SOAK = process.env.TAMA_DEX_SOAK === '1'

/** The seed of every generator and property in the suite, so a failure can be replayed. */
export const SEED = Number(process.env.TAMA_DEX_SEED ?? 20_251_129)

/** `ci` normally, `soak` when soaking. */
export function scaled(ci: number, soak: number): number {
  return SOAK ? soak : ci
}
