import {afterEach, describe, expect, it} from 'vitest'

import type {OperationRecord} from '../../../src/core/profile/operation-record.js'
import {FEATURE, FEATURE_NAMES, type FeatureName} from '../../../src/core/search/features.js'
import {rankCandidates} from '../../../src/core/search/search-operations.js'
import type {SqliteDatabase} from '../../../src/core/sqlite/driver.js'
import {indexWith, record} from './catalogue.js'

let db: SqliteDatabase | undefined
afterEach(() => db?.close())

type Partial = Parameters<typeof record>[0]

/** The features search computes for `operationId` when `query` is searched over `records` (one cassette, or several by name). */
function featuresOf(query: string, records: readonly Partial[] | Readonly<Record<string, readonly Partial[]>>, operationId: string) {
  const catalogue = Array.isArray(records) ? {api: records} : (records as Record<string, readonly Partial[]>)
  db = indexWith(new Map(Object.entries(catalogue).map(([cassette, list]): [string, OperationRecord[]] => [cassette, list.map(record)])))
  const found = rankCandidates(db, query, {scopes: []}).candidates.find((ranked) => ranked.candidate.operation_id === operationId)
  if (found === undefined) throw new Error(`${operationId} is no candidate for "${query}"`)
  return found.features
}

// Fillers, so each test's term statistics are not those of a one-operation catalogue.
const others: Partial[] = [
  {operationId: 'networks_get', summary: 'List the networks'},
  {operationId: 'images_get', summary: 'List the images'},
]

interface Case {
  readonly feature: FeatureName
  readonly query: string
  readonly records: readonly Partial[] | Readonly<Record<string, readonly Partial[]>>
  readonly of: string
  readonly want: number
}

const cases: Case[] = [
  {feature: 'bm25', query: 'instances', records: [{operationId: 'instances_get', summary: 'List the instances'}, ...others], of: 'instances_get', want: 1},
  {feature: 'relatedOnly', query: 'picture', records: [{operationId: 'photos_get', summary: 'List the photos'}, {operationId: 'gallery', summary: 'A picture gallery'}, ...others], of: 'photos_get', want: 1},
  {feature: 'relatedOnly', query: 'photos', records: [{operationId: 'photos_get', summary: 'List the photos'}, ...others], of: 'photos_get', want: 0},
  {feature: 'nameCoverage', query: 'get instance state', records: [{operationId: 'instance_state_get', summary: 'Get the state'}, ...others], of: 'instance_state_get', want: 1},
  {feature: 'nameCoverage', query: 'get instance', records: [{operationId: 'instance_state_get', summary: 'Get the state'}, ...others], of: 'instance_state_get', want: 0.5},
  {feature: 'summaryCoverage', query: 'list pods', records: [{operationId: 'pods_get', summary: 'List pods'}, ...others], of: 'pods_get', want: 1},
  {feature: 'summaryCoverage', query: 'list pods', records: [{operationId: 'pods_get', summary: 'List pods in a namespace'}, ...others], of: 'pods_get', want: 2 / 3},
  {feature: 'summaryCoverage', query: 'create a project', records: [{operationId: 'projects_post', summary: 'Add a project'}, ...others], of: 'projects_post', want: 1},
  {feature: 'pairs', query: 'net income', records: [{operationId: 'report', summary: 'Net income by quarter'}, ...others], of: 'report', want: 1},
  {feature: 'pairs', query: 'net income', records: [{operationId: 'report', summary: 'Income, net of tax'}, ...others], of: 'report', want: 0},
  {feature: 'pairs', query: 'update a customer', records: [{operationId: 'charge', summary: 'Creates a charge that updates the customer'}, ...others], of: 'charge', want: 0},
  {feature: 'verbAgrees', query: 'delete an instance', records: [{operationId: 'instance_delete', method: 'delete', summary: 'Delete an instance'}, ...others], of: 'instance_delete', want: 1},
  {feature: 'verbAgrees', query: 'remove an instance', records: [{operationId: 'instance_delete', method: 'delete', summary: 'Delete an instance'}, ...others], of: 'instance_delete', want: 1},
  {feature: 'verbAgrees', query: 'get an instance', records: [{operationId: 'instance_delete', method: 'delete', summary: 'Delete an instance'}, ...others], of: 'instance_delete', want: 0},
  {feature: 'asksChange', query: 'fork a repo', records: [{operationId: 'repos/create-fork', method: 'post', summary: 'Create a fork of a repo'}, ...others], of: 'repos/create-fork', want: 1},
  {feature: 'asksChange', query: 'repo forks', records: [{operationId: 'repos/create-fork', method: 'post', summary: 'Create a fork of a repo'}, ...others], of: 'repos/create-fork', want: 0},
  {feature: 'unaskedDelete', query: 'snapshot an instance', records: [{operationId: 'snapshot_delete', method: 'delete', summary: 'Delete a snapshot of an instance'}, ...others], of: 'snapshot_delete', want: 1},
  {feature: 'unaskedDelete', query: 'delete a snapshot', records: [{operationId: 'snapshot_delete', method: 'delete', summary: 'Delete a snapshot of an instance'}, ...others], of: 'snapshot_delete', want: 0},
  {feature: 'queryHeld', query: 'weather forecast', records: [{operationId: 'now', summary: 'Weather and forecast'}, ...others], of: 'now', want: 1},
  {feature: 'queryHeld', query: 'weather tomorrow', records: [{operationId: 'now', summary: 'Weather now'}, {operationId: 'tomorrow', summary: 'Sun tomorrow'}, ...others], of: 'now', want: 0.5},
  {feature: 'namedHeld', query: 'weather forecast', records: [{operationId: 'now', summary: 'Weather and forecast'}, ...others], of: 'now', want: 1},
  {feature: 'namedHeld', query: 'weather forecast', records: [{operationId: 'now', summary: 'Weather now', description: 'With a forecast'}, {operationId: 'later', summary: 'Forecast and weather'}, ...others], of: 'now', want: 0.5},
  {feature: 'namedHeld', query: 'forecast', records: [{operationId: 'now', summary: 'Weather now', description: 'With a forecast'}, ...others], of: 'now', want: 0},
  {feature: 'derivedHeld', query: 'nutrition facts', records: [{operationId: 'facts', summary: 'Nutritional facts'}, {operationId: 'diet', summary: 'A nutrition diet'}, ...others], of: 'facts', want: 0.5},
  {feature: 'keywordQuery', query: 'reboot', records: [{operationId: 'state_put', summary: 'Change the state', keywords: ['reboot', 'restart']}, ...others], of: 'state_put', want: 1},
  {feature: 'keywordQuery', query: 'state', records: [{operationId: 'state_put', summary: 'Change the state', keywords: ['reboot', 'restart']}, ...others], of: 'state_put', want: 0},
  {feature: 'exampleMatch', query: 'reboot my server', records: [{operationId: 'state_put', summary: 'Change the state', examples: ['reboot my server']}, ...others], of: 'state_put', want: 1},
  {feature: 'exampleMatch', query: 'reboot', records: [{operationId: 'state_put', summary: 'Change the state', examples: ['reboot my server now']}, ...others], of: 'state_put', want: 0.5},
  {feature: 'exampleMatch', query: 'server state', records: [{operationId: 'state_put', summary: 'Change the state', examples: ['reboot my server', 'state of things']}, ...others], of: 'state_put', want: 0.25},
  {feature: 'cassetteShare', query: 'instances', records: [{operationId: 'instances_get', summary: 'List the instances'}, ...others], of: 'instances_get', want: 1},
  {feature: 'cassetteShare', query: 'instances', records: {incus: [{operationId: 'instances_get', summary: 'List the instances'}, {operationId: 'instances_list', summary: 'List the instances'}], lxd: [{operationId: 'instances_get', summary: 'List the instances'}]}, of: 'instances_list', want: 2 / 3},
  {feature: 'cassetteShare', query: 'instances', records: {incus: [{operationId: 'instances_get', summary: 'List the instances'}, {operationId: 'instances_list', summary: 'List the instances'}], lxd: [{operationId: 'instances_fetch', summary: 'List the instances'}]}, of: 'instances_fetch', want: 1 / 3},
]

describe('features', () => {
  it('has a case for every feature but namedByKey, which the name-key lookups of search-operations.test.ts cover', () => {
    expect(new Set(cases.map((c) => c.feature))).toEqual(new Set(FEATURE_NAMES.filter((name) => name !== 'namedByKey')))
  })

  it.each(cases)('$feature of $of for "$query" is $want', ({feature, query, records, of, want}) => {
    expect(featuresOf(query, records, of)[FEATURE[feature]]).toBeCloseTo(want, 6)
  })

  it('keeps every feature within [0, 1]', () => {
    const features = featuresOf('list the instances of a project', [{operationId: 'instances_get', summary: 'List the instances', keywords: ['vm'], examples: ['list my instances']}, ...others], 'instances_get')
    expect(features).toHaveLength(FEATURE_NAMES.length)
    for (const value of features) expect(value).toBeGreaterThanOrEqual(0)
    for (const value of features) expect(value).toBeLessThanOrEqual(1)
  })
})
