import {spawn} from 'node:child_process'
import {mkdtemp, readdir, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {CLI, PROJECT_ROOT} from '../../helpers/cli.js'

let dir: string
let input: string

/** A description big enough that adopting it takes seconds: operations with long bodies to convert and check. */
function bigDescription(operations: number): string {
  const paths: Record<string, unknown> = {}
  for (let index = 0; index < operations; index++) {
    const properties = Object.fromEntries(
      Array.from({length: 40}, (_, field) => [`field${field}`, {type: 'string', nullable: true, example: `value ${field}`, description: `Field ${field} of operation ${index}, described at some length.`}]),
    )
    const content = {'application/json': {schema: {type: 'object', properties}}}
    paths[`/things${index}/{id}`] = {
      post: {description: `Creates thing ${index}.`, parameters: [{name: 'id', in: 'path', required: true, schema: {type: 'string'}}], requestBody: {content}, responses: {200: {description: 'OK', content}}},
    }
  }
  return JSON.stringify({openapi: '3.0.3', info: {title: 'Big', version: '1'}, paths})
}

interface Run {
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
  /** Milliseconds from the start, or from the signal when one was sent, to the exit. */
  readonly elapsed: number
}

/** Adopts `input` to `output` in a real child process, sending SIGINT after `interruptAfter` ms when given. */
function adopt(output: string, interruptAfter?: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'document', 'adopt', input, '--output', output, '--default-anyone', '--quiet'], {cwd: PROJECT_ROOT, stdio: 'ignore'})
    let from = performance.now()
    const timer = interruptAfter === undefined ? undefined : setTimeout(() => {
      from = performance.now()
      child.kill('SIGINT')
    }, interruptAfter)
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      clearTimeout(timer)
      resolve({code, signal, elapsed: performance.now() - from})
    })
  })
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tama-adopt-interrupt-'))
  input = path.join(dir, 'big.json')
  await writeFile(input, bigDescription(800))
})

afterAll(async () => {
  await rm(dir, {recursive: true, force: true})
})

describe('Ctrl-C during document adopt', () => {
  it('ends the adoption at once, with status 130, and writes no file', async () => {
    const full = await adopt(path.join(dir, 'full.json'))
    expect(full.code).toBe(0)
    // Halfway through the work as this machine does it: inside one of adoption's long phases.
    const interrupted = await adopt(path.join(dir, 'interrupted.json'), full.elapsed / 2)
    // Ended by the signal's default action (the shell's status 130), or by a handler exiting 130.
    expect(interrupted.signal === 'SIGINT' || interrupted.code === 130, JSON.stringify(interrupted)).toBe(true)
    // Compared with the work in the same run: the rest of it would take about half of it.
    expect(interrupted.elapsed).toBeLessThan(Math.min(3000, full.elapsed / 5))
    expect((await readdir(dir)).sort()).toStrictEqual(['big.json', 'full.json'])
  }, 120_000)
})
