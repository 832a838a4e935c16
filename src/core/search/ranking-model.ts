import model from './ranking-model.json' with {type: 'json'}
import {FEATURE_NAMES, type Features} from './features.js'

/**
 * The ranking model: one weight per feature, fitted by `npm run train:ranking`
 * (scripts/train-ranking.ts) and stored with what it was fitted on and its held-out
 * figures in ranking-model.json. A candidate's score is the weighted sum of its features.
 */
export interface RankingModel {
  readonly weights: Readonly<Record<string, number>>
  /** FTS5 BM25 weights of the columns name, summary, tags, description, fields, keywords, examples. */
  readonly bm25Columns: readonly number[]
}

export const RANKING_MODEL: RankingModel = model

const WEIGHTS = FEATURE_NAMES.map((name) => RANKING_MODEL.weights[name] ?? 0)

/** The model's score of one candidate's features. */
export function modelScore(features: Features): number {
  let score = 0
  for (let index = 0; index < FEATURE_NAMES.length; index++) score += WEIGHTS[index]! * features[FEATURE_NAMES[index]!]
  return score
}
