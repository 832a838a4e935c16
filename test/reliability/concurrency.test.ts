import {spawn} from 'node:child_process'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {setImmediate as yieldToEvents} from 'node:timers/promises'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {buildCassette} from '../../src/core/cassette/write/build-cassette.js'
import {TamaError} from '../../src/core/errors/tama-error.js'
import type {ExecutorMap} from '../../src/core/execute/index.js'
import {type TamaIndex, openIndex} from '../../src/core/host-index/index.js'
import {profileDocument} from '../helpers/documents.js'
import {tally} from './counts.js'
import {indexFileProblems} from './index-snapshot.js'
import {installForever} from './kill-child.js'
import {scaled} from './soak.js'

/** How long readers race the installers. */
const RACE_MS = scaled(6_000, 60_000)
const COMMITS_AMONG_SEARCHES = scaled(50, 500)
const COMMIT_FOREVER = fileURLToPath(new URL('../fixtures/reliability/commit-forever.ts', import.meta.url))

/**
 * A version of cassette "flip" whose every operation names its version in its id and
 * summary and has one input property named after itself, so any answer mixing two
 * commits shows: hits from two versions, or a hit carrying another operation's schema.
 */
function flipDocument(tag: string, count: number, version: string): Record<string, unknown> {
  const paths: Record<string, unknown> = {}
  for (let i = 0; i < count; i++) {
    const id = `flip_${tag}_${i}`
    paths[`/flip/${tag}/${i}`] = {
      get: {
        operationId: id,
        summary: `Flip widget ${tag} number ${i}`,
        'x-tama-scopes': [],
        parameters: [{name: `p_${id}`, in: 'query', required: true, schema: {type: 'string'}}],
        responses: {'200': {description: 'OK'}},
      },
    }
  }
  return {openapi: '3.1.0', 'x-tama-profile': 'tama-operations/1', info: {title: 'Flip', version}, paths}
}

/** Why a search answer is not one commit's answer; null when it is. */
function tornAnswer(results: ReadonlyArray<{operation_id: string; input_schema?: unknown}>): string | null {
  const flips = results.filter((hit) => hit.operation_id.startsWith('flip_'))
  const tags = new Set(flips.map((hit) => hit.operation_id.split('_')[1]))
  if (tags.size > 1) return `hits from several versions: ${[...tags].join(', ')}`
  for (const hit of flips) {
    const properties = Object.keys((hit.input_schema as {properties?: object} | undefined)?.properties ?? {})
    if (hit.input_schema !== undefined && properties.join() !== `p_${hit.operation_id}`) return `${hit.operation_id} carries the schema of ${properties.join()}`
  }
  return null
}

let dir: string
let path: string
let index: TamaIndex
const cassettes: Array<{file: string; sha256: string; version: string}> = []
const dispatched: Array<{operationId: string; input: Record<string, unknown>}> = []
const executors: ExecutorMap = {
  stable: {execute: async (call, input) => (dispatched.push({operationId: call.operationId, input}), {ok: call.operationId})},
  flip: {execute: async (call, input) => (dispatched.push({operationId: call.operationId, input}), {ok: call.operationId})},
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-race-'))
  path = join(dir, 'index.sqlite3')
  for (const [tag, count, version] of [['alpha', 60, '1.0.0'], ['beta', 45, '2.0.0']] as const) {
    const file = join(dir, `flip-${tag}.tama-cassette`)
    const built = await buildCassette({name: 'flip', version, documents: [{source: tag, document: flipDocument(tag, count, version)}]}, file)
    cassettes.push({file, sha256: built.sha256, version})
  }
  index = openIndex({path})
  await index.load(profileDocument('Stable', [{id: 'stable_ping', summary: 'Ping the stable service', scopes: ['stable.run']}]), {cassette: 'stable'})
  await index.import(cassettes[0]!.file)
}, 60_000)

afterAll(() => {
  index?.close()
  rmSync(dir, {recursive: true, force: true})
})

describe('readers racing installers', () => {
  it('never fail, never see a torn answer, never see SQLITE_BUSY: while a worker thread and a second process install', async (context) => {
    const failures: string[] = []
    const record = (what: string, error: unknown) => failures.push(`${what}: ${error instanceof TamaError ? `${error.kind} ${error.message}` : String(error)}`)
    // A second process imports both versions in turn into the same file, one pinned.
    const other = installForever(path, [`${cassettes[0]!.file}#${cassettes[0]!.sha256}`, cassettes[1]!.file])
    let racing = true
    let imports = 0
    const importer = (async () => {
      for (let round = 0; racing; round++) {
        const {file, sha256} = cassettes[round % 2]!
        await index.import(file, round % 3 === 0 ? {sha256} : {}).then(
          () => imports++,
          (error: unknown) => record('import', error),
        )
      }
    })()
    let searches = 0
    let executes = 0
    // Races for RACE_MS, and on until both installers have committed twice: how much work fits in the time is the machine's business.
    const until = Date.now() + RACE_MS
    while (failures.length === 0 && (Date.now() < until || imports < 2 || other.reports.length < 2)) {
      for (let burst = 0; burst < 10; burst++) {
        try {
          const {results} = index.search('flip widget number', {scopes: [], limit: 50, schemas: 50})
          const torn = tornAnswer(results)
          if (torn !== null) failures.push(`search: ${torn}`)
          searches++
          const installed = index.cassettes()
          if (installed.map((cassette) => cassette.name).join() !== 'flip,stable') failures.push(`cassettes: ${JSON.stringify(installed)}`)
        } catch (error) {
          record('search', error)
        }
      }
      const ping = await index.execute('stable', 'stable_ping', {}, {scopes: ['stable.run'], executors}).catch((error: unknown) => error)
      if (!(typeof ping === 'object' && ping !== null && 'result' in ping)) record('execute stable_ping', ping)
      const id = `flip_${executes % 2 === 0 ? 'alpha' : 'beta'}_${executes % 40}`
      const flip = await index.execute('flip', id, {[`p_${id}`]: 'x'}, {scopes: [], executors}).catch((error: unknown) => error)
      // The operation exists in one version only: found and run, or not found; nothing else.
      if (!(typeof flip === 'object' && flip !== null && 'result' in flip) && !(flip instanceof TamaError && flip.kind === 'not_found')) record(`execute ${id}`, flip)
      executes += 2
      await yieldToEvents()
    }
    racing = false
    await importer
    await other.kill()
    expect(failures).toEqual([])
    // Each dispatch carried the operation and input asked for, never another version's.
    for (const call of dispatched) expect(Object.keys(call.input)).toEqual(call.operationId === 'stable_ping' ? [] : [`p_${call.operationId}`])
    expect(imports).toBeGreaterThanOrEqual(2)
    expect(other.reports.length).toBeGreaterThanOrEqual(2)
    expect(indexFileProblems(path)).toEqual([])
    tally(context, 'concurrent operations', searches + executes + imports + other.reports.length)
  }, 180_000)

  it('lets several processes create and install into one new index file at once', async () => {
    const fresh = join(dir, 'fresh.sqlite3')
    const children = [0, 1, 2].map((k) => installForever(fresh, [k % 2 === 0 ? cassettes[0]!.file : `${cassettes[1]!.file}#${cassettes[1]!.sha256}`]))
    await Promise.all(children.map((child) => child.installed(2)))
    await Promise.all(children.map((child) => child.kill()))
    expect(indexFileProblems(fresh)).toEqual([])
  }, 120_000)

  it('regression: a search reads one commit, even when commits land between its statements', async (context) => {
    const documents = (['alpha', 'beta'] as const).map((tag, k) => {
      const file = join(dir, `flip-${tag}.json`)
      writeFileSync(file, JSON.stringify(flipDocument(tag, k === 0 ? 60 : 45, `${k + 1}.0.0`)))
      return file
    })
    const writer = spawn(process.execPath, ['--import', 'tsx', COMMIT_FOREVER, path, ...documents], {stdio: ['ignore', 'pipe', 'inherit']})
    let commits = 0
    writer.stdout.on('data', (chunk: Buffer) => (commits = Number(/committed (\d+)\n$/.exec(chunk.toString())?.[1] ?? commits)))
    try {
      while (commits < 5) await new Promise((resolve) => setTimeout(resolve, 20))
      const from = commits
      const failures: string[] = []
      let searches = 0
      // Searches until enough commits have landed among them for a torn read to have shown.
      for (const enough = from + COMMITS_AMONG_SEARCHES; commits <= enough; searches++) {
        const torn = tornAnswer(index.search('flip widget number', {scopes: [], limit: 50, schemas: 50}).results)
        if (torn !== null) failures.push(torn)
        if (searches % 20 === 0) await yieldToEvents()
      }
      expect(failures).toEqual([])
      tally(context, 'concurrent operations', searches + commits - from)
    } finally {
      writer.kill('SIGKILL')
    }
  }, 60_000)
})
