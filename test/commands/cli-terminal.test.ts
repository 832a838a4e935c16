import {copyFileSync, readdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {CLI, PROJECT_ROOT, runCli, runProcess} from '../helpers/cli.js'
import {largeDocument} from '../helpers/documents.js'
import {fixture, temporaryDirectory} from '../core/cassette/cassette-kit.js'

const PTY_RUN = join(PROJECT_ROOT, 'test/helpers/pty-run.py')
// A terminal that may be drawn on; the tests that want one hidden say how.
const TERMINAL = {TERM: 'xterm-256color', CI: undefined, NO_COLOR: undefined}

interface PtyRun {
  readonly output: string
  readonly exit: number | null
  readonly signal: number | null
  readonly bytes: number
  readonly timedOut: boolean
}

/**
 * Runs `tama-dex ...args` in a pseudo-terminal of `rows` × `columns`, SIGTERM once the
 * terminal shows `termOn` (never without it), killed at 20 s as a safety net.
 */
async function inTerminal(size: {rows: number; columns: number; termOn?: string; env?: NodeJS.ProcessEnv}, args: readonly string[]): Promise<PtyRun> {
  const run = await runProcess('python3', [PTY_RUN, String(size.rows), String(size.columns), '20', size.termOn ?? '0', process.execPath, CLI, ...args], {
    cwd: dir.path,
    env: {...TERMINAL, ...size.env},
    timeoutMs: 30_000,
  })
  const status = JSON.parse(run.stderr.trim().split('\n').at(-1)!) as Omit<PtyRun, 'output'>
  return {output: run.stdout, ...status}
}

const dir = temporaryDirectory()
afterAll(() => dir.remove())

const buildArgs = (output: string, document = 'pets.yaml'): string[] => ['cassette', 'build', '--name', 'pets', '--version', '1.0.0', '--document', document, '--output', output]
const SPINNER_FRAME = /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/
const DOCUMENT_REQUESTED = 'slow document requested'

beforeAll(() => {
  copyFileSync(fixture('pets.yaml'), join(dir.path, 'pets.yaml'))
  // A document that takes 30 s to arrive, and says when the build asks for it: a build at work when the signal comes.
  writeFileSync(join(dir.path, 'slow.mjs'), `process.stderr.write('${DOCUMENT_REQUESTED}\\n')\nexport const document = new Promise(() => setTimeout(() => {}, 30_000))\n`)
})

describe('progress in a terminal', () => {
  it('is off in a terminal of 0 × 0: the build finishes and prints a bounded output', async () => {
    const run = await inTerminal({rows: 0, columns: 0}, buildArgs('zero.tama-cassette'))
    expect({exit: run.exit, timedOut: run.timedOut}).toEqual({exit: 0, timedOut: false})
    expect(run.bytes).toBeLessThan(1000)
    expect(run.output).not.toMatch(SPINNER_FRAME)
    expect(run.output).toMatch(/^[0-9a-f]{64} {2}zero\.tama-cassette\r\n$/)
  })

  it('spins on stderr in a terminal of 100 × 30, then says what was built', async () => {
    const run = await inTerminal({rows: 30, columns: 100}, buildArgs('sized.tama-cassette'))
    expect({exit: run.exit, timedOut: run.timedOut}).toEqual({exit: 0, timedOut: false})
    expect(run.output).toMatch(SPINNER_FRAME)
    expect(run.output).toContain('✔ Built pets 1.0.0: 1 documents')
    expect(run.bytes).toBeLessThan(10_000)
  })

  it.each([
    {why: 'TERM=dumb', env: {TERM: 'dumb'}, args: [] as string[]},
    {why: 'CI', env: {CI: 'true'}, args: []},
    {why: '--json', env: {}, args: ['--json']},
  ])('is off under $why', async ({env, args}) => {
    const run = await inTerminal({rows: 30, columns: 100, env}, [...buildArgs('off.tama-cassette'), ...args])
    expect(run.exit).toBe(0)
    expect(run.output).not.toMatch(SPINNER_FRAME)
    expect(run.output).not.toContain('\u001B[')
  })

  it('has no colour under NO_COLOR', async () => {
    const run = await inTerminal({rows: 30, columns: 100, env: {NO_COLOR: '1'}}, buildArgs('plain.tama-cassette'))
    expect(run.exit).toBe(0)
    expect(run.output).toMatch(SPINNER_FRAME)
    expect(run.output).not.toMatch(/\u001B\[\d+m/)
  })

  it.each([{size: '0 × 0', rows: 0, columns: 0}, {size: '100 × 30', rows: 30, columns: 100}])('SIGTERM ends a build at once in a terminal of $size, exit 143, nothing written', async (size) => {
    const output = `killed-${size.columns}.tama-cassette`
    const run = await inTerminal({...size, termOn: DOCUMENT_REQUESTED}, buildArgs(output, 'slow.mjs#document'))
    // Ended by the signal while the document was still awaited: exit 143, before the 30 s document or the 20 s safety net.
    expect({requested: run.output.includes(DOCUMENT_REQUESTED), exit: run.exit, signal: run.signal, timedOut: run.timedOut}).toEqual({requested: true, exit: 143, signal: null, timedOut: false})
    expect(readdirSync(dir.path).filter((name) => name.includes(`killed-${size.columns}`))).toEqual([])
  })

  it('SIGTERM at each step of a build leaves either the whole cassette or nothing, and never a temporary', async () => {
    writeFileSync(join(dir.path, 'large.json'), JSON.stringify(largeDocument('large', 5_000)))
    const ends = await Promise.all(
      // Each step the terminal shows: reading the documents (before the handler is installed), then building.
      ['Reading documents', 'Building large-'].map(async (termOn, n) => {
        const output = `large-${n}.tama-cassette`
        const run = await inTerminal({rows: 30, columns: 100, termOn}, ['cassette', 'build', '--name', 'large', '--version', '1.0.0', '--document', 'large.json', '--output', output])
        const written = readdirSync(dir.path).filter((name) => name.includes(output))
        // Before the build's work starts SIGTERM keeps its default action (killed, signal 15); during it, exit 143.
        const ended = run.exit === 0 ? 'built' : run.exit === 143 || run.signal === 15 ? 'terminated' : `exit ${run.exit}`
        expect({ended, written}).toEqual(ended === 'built' ? {ended, written: [output]} : {ended: 'terminated', written: []})
        return ended
      }),
    )
    expect(ends).toContain('terminated')
  })

  it('shows each long command at work in a terminal, and nothing on a pipe', async () => {
    const built = await runCli(buildArgs(join(dir.path, 'work.tama-cassette'), join(dir.path, 'pets.yaml')))
    expect(built.code).toBe(0)
    for (const [args, text] of [
      [['cassette', 'lint', 'work.tama-cassette'], 'Linting work.tama-cassette'],
      [['cassette', 'verify', 'work.tama-cassette'], 'Verifying work.tama-cassette'],
      [['index', 'import', 'work.tama-cassette', '--index', 'index.sqlite3'], 'Importing work.tama-cassette'],
      [['document', 'adopt', 'pets.yaml', '-o', 'adopted.yaml', '--default-anyone'], 'Adopting pets.yaml'],
    ] as const) {
      const run = await inTerminal({rows: 30, columns: 100}, args)
      expect({args, exit: run.exit, shown: run.output.includes(text)}).toEqual({args, exit: 0, shown: true})
      const piped = await runCli(args, {cwd: dir.path})
      expect({args, code: piped.code, stderr: piped.stderr}).toEqual({args, code: 0, stderr: ''})
    }
  })
})
