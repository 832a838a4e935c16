import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {performance} from 'node:perf_hooks'
import {setTimeout as sleep} from 'node:timers/promises'

import Database from 'better-sqlite3'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {buildCassette} from '../../src/core/cassette/write/build-cassette.js'
import {canonicalJson, sha256Hex} from '../../src/core/cassette/index.js'
import {openIndex} from '../../src/core/host-index/index.js'
import {profileDocument} from '../helpers/documents.js'
import {tally} from './counts.js'
import {indexFileProblems} from './index-snapshot.js'
import {installForever} from './kill-child.js'
import {SEED, scaled} from './soak.js'
import {SeededRandom} from './seeded-random.js'

/** Kills per kind of install; TAMA_DEX_CRASH_ROUNDS sets it as for the index's own crash test. */
const ROUNDS = Number(process.env.TAMA_DEX_CRASH_ROUNDS ?? scaled(2, 25))

/** Two versions of one cassette with no operation in common, so a mix of them cannot pass for either. */
const VERSIONS = [
  {version: '1.0.0', tag: 'old', count: 1200},
  {version: '2.0.0', tag: 'new', count: 1600},
].map(({version, tag, count}) => ({
  version,
  tag,
  count,
  document: profileDocument(
    'Crashy',
    Array.from({length: count}, (_, i) => ({id: `${tag}_${i}`, summary: `Manage ${tag} volume ${i} of the pool`, scopes: i % 3 === 0 ? ['admin'] : []})),
    version,
  ),
}))

let dir: string
/** The files install-forever takes for each kind of install, and the digests a whole install leaves. */
const installs: Record<'load' | 'import', string[]> = {load: [], import: []}
const digests = new Map<string, string>()
const random = new SeededRandom(SEED)
/** How long a child takes from its start to its first install, as last measured. */
let firstInstall = 3_000

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-crash-'))
  for (const {version, document} of VERSIONS) {
    const json = join(dir, `${version}.json`)
    writeFileSync(json, JSON.stringify(document))
    installs.load.push(json)
    digests.set(sha256Hex(canonicalJson(document)), version)
    const cassette = join(dir, `${version}.tama-cassette`)
    const built = await buildCassette({name: 'crashy', version, documents: [{source: json, document}]}, cassette)
    digests.set(built.sha256, version)
    // One version pinned (copy mode), the other not (rebuild mode): both paths get killed.
    installs.import.push(version === '1.0.0' ? `${cassette}#${built.sha256}` : cassette)
  }
}, 60_000)

afterAll(() => rmSync(dir, {recursive: true, force: true}))

/** Why the index at `path` is not wholly one version of crashy (or, when allowed, empty); [] when it is. */
function wholeVersionProblems(path: string, mayBeEmpty: boolean): string[] {
  const index = openIndex({path})
  try {
    const installed = index.cassettes()
    if (installed.length === 0) return mayBeEmpty ? [] : ['no cassette installed']
    const [crashy] = installed
    const version = VERSIONS.find((candidate) => candidate.version === crashy!.version)
    if (installed.length !== 1 || crashy!.name !== 'crashy' || version === undefined) return [`unexpected cassettes ${JSON.stringify(installed)}`]
    const problems: string[] = []
    if (digests.get(crashy!.digest) !== version.version) problems.push(`digest ${crashy!.digest} is not that of ${version.version}`)
    const db = new Database(path, {readonly: true})
    const ids = (db.prepare("SELECT operation_id AS id FROM operations WHERE cassette = 'crashy'").all() as Array<{id: string}>).map((row) => row.id)
    db.close()
    if (ids.length !== version.count || ids.some((id) => !id.startsWith(`${version.tag}_`))) problems.push(`${ids.length} operations stored for ${version.version}, which has ${version.count}`)
    const hits = index.search(`manage ${version.tag} volume`, {scopes: ['admin'], limit: 5}).results
    if (hits.length === 0 || hits.some((hit) => !hit.operation_id.startsWith(`${version.tag}_`))) problems.push(`search finds ${JSON.stringify(hits.map((hit) => hit.operation_id))}`)
    return problems
  } finally {
    index.close()
  }
}

describe('an install killed with SIGKILL at a random moment', () => {
  it.for([
    {kind: 'load' as const, fresh: false},
    {kind: 'import' as const, fresh: false},
    {kind: 'import' as const, fresh: true},
  ])(
    `leaves an index that opens, passes integrity_check and FTS5's integrity-check, and holds each cassette wholly old or wholly new ($kind, fresh index: $fresh, ${ROUNDS} kills)`,
    {timeout: 600_000},
    async ({kind, fresh}, context) => {
      const path = join(dir, `${kind}-kept.sqlite3`)
      for (let round = 0; round < ROUNDS; round++) {
        // A fresh index may be killed while it is being created; a kept one holds a version already.
        const target = fresh ? join(dir, `${kind}-fresh-${round}.sqlite3`) : path
        const child = installForever(target, installs[kind])
        const started = performance.now()
        if (!fresh) {
          // After a whole install, so the kill lands somewhere in a later one: planning, writing or committing.
          await child.installed(1)
          firstInstall = performance.now() - started
        }
        await sleep(random.int(0, Math.round(firstInstall * 1.2)))
        await child.kill()
        expect(wholeVersionProblems(target, fresh), `round ${round} after ${child.reports.length} installs`).toEqual([])
        expect(indexFileProblems(target), `round ${round}`).toEqual([])
        tally(context, 'crashes survived', 1)
      }
    },
  )
})
