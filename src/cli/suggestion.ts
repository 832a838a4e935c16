import {closest, distance} from 'fastest-levenshtein'

/**
 * The candidate nearest to what was typed, when it is near enough to be a typo
 * (at most a third of its letters differ); undefined otherwise.
 */
export function closestMatch(typed: string, candidates: readonly string[]): string | undefined {
  if (candidates.length === 0) return undefined
  const match = closest(typed, [...candidates])
  return distance(typed, match) <= Math.max(1, Math.floor(match.length / 3)) ? match : undefined
}
