import {CHECK_NAMES} from '../cassette/index.js'

/**
 * Every rule a report's problem can name (SARIF `ruleId`, a GitHub annotation's title,
 * a JUnit failure's type), with its short description; docs/release.md#report-formats
 * lists the same ids. Ids never change meaning: CI systems track findings by them.
 */
export const RULES: Readonly<Record<string, string>> = {
  'document-problem': 'The document breaks OpenAPI 3.1 or the tama-operations/1 profile.',
  ...Object.fromEntries(CHECK_NAMES.map((check) => [cassetteRule(check), `The cassette fails its ${check.replaceAll('_', ' ')} check.`])),
  // Lint's rule ids are its `--fail-on` classes (LINT_FAIL_ON): a gate and a report name a finding alike.
  'not-first': 'The operation is found by its own summary, but not first.',
  'not-found': 'The operation is not among the first results for its own summary.',
  indistinguishable: "The operation's summary cannot be told apart from another's.",
  'missing-summary': 'The operation has no summary.',
  'short-summary': "The operation's summary is too short to search by.",
  'long-summary': "The operation's summary is too long.",
  'no-tags': 'The operation has no tags.',
  'unsplit-id': "The operation id's words run together.",
  'example-missed': 'An example request does not find its operation within the top results.',
  'operation-added': 'The new release adds the operation.',
  'operation-removed': 'The new release removes the operation (breaking).',
  'operation-changed': 'The new release changes the operation.',
  'findability-regressed': 'A request that found the operation in the old release no longer does in the new.',
}

/** The rule of a cassette verification check: `cassette-search-rows`. */
export function cassetteRule(check: string): string {
  return `cassette-${check.replaceAll('_', '-')}`
}

