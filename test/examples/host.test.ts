import {mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {PROJECT_ROOT, runProcess} from '../helpers/cli.js'

// In a folder of its own, so `document validate examples/*` still names only documents.
const HOST = join(PROJECT_ROOT, 'examples/host/host.mjs')

/** The lines of text, trimmed, without blank ones: so an indented excerpt compares equal. */
function codeLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
}

describe('examples/host/host.mjs, the library example', () => {
  it('runs as written: builds, installs pinned, searches, dry-runs and executes', async () => {
    const result = await runProcess(process.execPath, [HOST])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout.split('\n')).toEqual([
      'installed incus 1.0.0 (copy)',
      'found incus instance_get: Get an instance',
      expect.stringMatching(/^found incus /),
      expect.stringMatching(/^found incus /),
      'would send get /1.0/instances/{name}',
      'instance web1 is Running',
      '',
    ])
  })

  it('is what the README\'s Library section shows: every line of its sample is in the file, in order', () => {
    const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8')
    const library = readme.slice(readme.indexOf('\n## Library\n'))
    const sample = /```js\n([\s\S]*?)```/.exec(library)?.[1]
    expect(sample, 'the Library section has a js sample').toBeDefined()
    const file = codeLines(readFileSync(HOST, 'utf8'))
    let at = 0
    for (const line of codeLines(sample!)) {
      const found = file.indexOf(line, at)
      expect(found, `README line not in examples/host/host.mjs (in order): ${line}`).toBeGreaterThanOrEqual(0)
      at = found + 1
    }
  })
})

describe('the package\'s types', () => {
  let consumer: string

  beforeAll(() => {
    // A consumer project that installed tama-dex: the package resolved through node_modules.
    consumer = mkdtempSync(join(tmpdir(), 'tama-dex-consumer-'))
    mkdirSync(join(consumer, 'node_modules'))
    symlinkSync(PROJECT_ROOT, join(consumer, 'node_modules/tama-dex'))
    symlinkSync(join(PROJECT_ROOT, 'node_modules/@types'), join(consumer, 'node_modules/@types'))
  })

  afterAll(() => rmSync(consumer, {recursive: true, force: true}))

  it('compile for a consumer that checks libraries (skipLibCheck: false)', async () => {
    writeFileSync(
      join(consumer, 'consumer.ts'),
      [
        "import {TamaError, openIndex, type ExecutorMap, type SearchHit} from 'tama-dex'",
        "import {executeTool, handleExecute, handleSearch, searchTool} from 'tama-dex/mcp'",
        '',
        "const index = openIndex({path: ':memory:'})",
        "const hits: SearchHit[] = index.search('list instances', {scopes: []}).results",
        'const executors: ExecutorMap = {}',
        'console.log(hits, executors, searchTool().name, executeTool().name, handleSearch, handleExecute, TamaError)',
        'index.close()',
        '',
      ].join('\n'),
    )
    const compilerOptions = {strict: true, skipLibCheck: false, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', noEmit: true, types: ['node']}
    writeFileSync(join(consumer, 'tsconfig.json'), JSON.stringify({compilerOptions, files: ['consumer.ts']}))
    const tsc = join(PROJECT_ROOT, 'node_modules/typescript/bin/tsc')
    const result = await runProcess(process.execPath, [tsc, '-p', 'tsconfig.json'], {cwd: consumer})
    expect(result.stdout).toBe('')
    expect(result.code).toBe(0)
  })
})
