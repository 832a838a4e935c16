import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {pathToFileURL} from 'node:url'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {buildCassette} from '../../src/core/cassette/write/build-cassette.js'
import {profileDocument} from '../helpers/documents.js'
import {type CliResult, PROJECT_ROOT, runProcess} from '../helpers/cli.js'

const BUILT = pathToFileURL(join(PROJECT_ROOT, 'dist', 'index.js')).href
const SOURCE = pathToFileURL(join(PROJECT_ROOT, 'src', 'index.ts')).href

let dir: string
let cassette: string

/** A host program: opens an index, imports the cassette (in the install worker), prints the result. */
function hostProgram(library: string, index: string): string {
  return `import {openIndex} from ${JSON.stringify(library)}
const index = openIndex({path: ${JSON.stringify(index)}})
const result = await index.import(${JSON.stringify(cassette)})
const hits = index.search('ping', {scopes: []}).results.length
index.close()
console.log(JSON.stringify({...result, hits}))
`
}

function runNode(args: readonly string[]): Promise<CliResult> {
  return runProcess(process.execPath, args, {env: {NODE_OPTIONS: ''}})
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-worker-flags-'))
  cassette = join(dir, 'pinger.tama-cassette')
  const document = profileDocument('Pinger', [{id: 'ping_host', summary: 'Ping the host'}])
  await buildCassette({name: 'pinger', version: '1.0.0', documents: [{source: 'pinger', document}]}, cassette)
}, 60_000)

afterAll(() => rmSync(dir, {recursive: true, force: true}))

/**
 * A host's own Node flags are its business: the install worker must start, and import,
 * whatever flags the host process was started with — flags a worker may not take
 * (`--input-type`, `-e`, V8 and process-wide options) included — while loaders the
 * worker needs (`--import tsx` when the library runs from TypeScript) keep working.
 */
describe('the install worker under the host\'s Node flags', () => {
  const cases: ReadonlyArray<{name: string; flags: readonly string[]; library: 'built' | 'source'; asEval?: boolean}> = [
    {name: '--input-type=module -e', flags: ['--input-type=module'], library: 'built', asEval: true},
    {name: '--input-type=module --import tsx -e, from source', flags: ['--input-type=module', '--import', 'tsx'], library: 'source', asEval: true},
    {name: '--import tsx, from source', flags: ['--import', 'tsx'], library: 'source'},
    {name: '--import=tsx --enable-source-maps, from source', flags: ['--import=tsx', '--enable-source-maps'], library: 'source'},
    {name: '--max-old-space-size=256', flags: ['--max-old-space-size=256'], library: 'built'},
    {name: '--enable-source-maps', flags: ['--enable-source-maps'], library: 'built'},
    {name: '--no-warnings', flags: ['--no-warnings'], library: 'built'},
    {name: '--stack-size=2000', flags: ['--stack-size=2000'], library: 'built'},
    {name: '--title and --max-semi-space-size', flags: ['--title=tama-host', '--max-semi-space-size=32'], library: 'built'},
  ]

  it.each(cases)('a host started with $name imports a cassette', async (context) => {
    const {flags, library, asEval} = context
    const index = join(dir, `${context.name.replace(/[^a-z0-9]+/gi, '-')}.sqlite3`)
    const program = hostProgram(library === 'built' ? BUILT : SOURCE, index)
    let args: string[]
    if (asEval) args = [...flags, '-e', program]
    else {
      const file = join(dir, `${context.name.replace(/[^a-z0-9]+/gi, '-')}.mjs`)
      writeFileSync(file, program)
      args = [...flags, file]
    }
    const run = await runNode(args)
    expect(run.stderr).not.toContain('install worker')
    expect(run.code, run.stderr).toBe(0)
    expect(JSON.parse(run.stdout)).toMatchObject({cassette: 'pinger', changed: true, hits: 1})
  }, 60_000)
})
