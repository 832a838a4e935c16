import {pathToFileURL} from 'node:url'
import {isAbsolute} from 'node:path'

import {TAMA_DEX_VERSION} from '../cassette/index.js'
import {type ReportModel, type ReportProblem, modelProblems} from './report-model.js'
import {RULES} from './rules.js'

/** The schema SARIF output names; test/fixtures/sarif holds the copy the tests validate against. */
const SARIF_SCHEMA = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json'

/**
 * SARIF 2.1.0 (what GitHub code scanning reads): one result per problem, with its rule,
 * level, message and, where there is text, the file's line and column; an operation with
 * no line is named as a logical location. The rules listed are those the results use.
 */
export function sarifReport(model: ReportModel): string {
  const problems = modelProblems(model)
  const ruleIds = [...new Set(problems.map((problem) => problem.rule))]
  const sarif = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'tama-dex',
            version: TAMA_DEX_VERSION,
            rules: ruleIds.map((id) => ({id, shortDescription: {text: RULES[id]}})),
          },
        },
        automationDetails: {id: `tama-dex/${model.check.replace(' ', '-')}/`},
        results: problems.map((problem) => result(problem, ruleIds.indexOf(problem.rule))),
      },
    ],
  }
  return JSON.stringify(sarif, null, 2)
}

function result(problem: ReportProblem, ruleIndex: number): Record<string, unknown> {
  const physical = problem.file === undefined ? {} : {physicalLocation: physicalLocation(problem.file, problem)}
  const logical = problem.operation === undefined ? {} : {logicalLocations: [{name: problem.operation, kind: 'function'}]}
  const located = problem.file !== undefined || problem.operation !== undefined
  return {
    ruleId: problem.rule,
    ruleIndex,
    level: problem.level,
    message: {text: problem.message},
    ...(located ? {locations: [{...physical, ...logical}]} : {}),
    // Code scanning shows a suppressed result as dismissed, not as a new alert.
    ...(problem.accepted === true ? {suppressions: [{kind: 'external', justification: 'Listed in the lint baseline of accepted findings.'}]} : {}),
  }
}

function physicalLocation(file: string, problem: ReportProblem): Record<string, unknown> {
  const region = problem.line === undefined ? {} : {region: {startLine: problem.line, ...(problem.column === undefined ? {} : {startColumn: problem.column})}}
  return {artifactLocation: {uri: fileUri(file)}, ...region}
}

/** A relative path stays relative (code scanning resolves it against the checkout); each segment is percent-encoded. */
function fileUri(file: string): string {
  if (isAbsolute(file)) return pathToFileURL(file).href
  return file.split('/').map(encodeURIComponent).join('/')
}
