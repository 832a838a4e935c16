import {spawn} from 'node:child_process'
import {performance} from 'node:perf_hooks'

export interface ChildRun {
  readonly wallMs: number
  /** Peak resident set size of the child, in MB (10^6 bytes); NaN unless asked for. */
  readonly peakRssMB: number
  readonly stdout: string
  readonly stderr: string
}

export interface ChildOptions {
  readonly cwd: string
  /** Report the child's peak RSS; adds a one-line preload, so leave off for start-up timing. */
  readonly peakRss?: boolean
  readonly env?: NodeJS.ProcessEnv
}

// Preloaded into the child: on exit it writes its own peak RSS (KiB, from getrusage) to fd 3,
// so the figure is the child's alone and needs no /usr/bin/time on the machine.
const PEAK_RSS_PROBE =
  'data:text/javascript,import{writeSync}from"node:fs";process.on("exit",()=>writeSync(3,String(process.resourceUsage().maxRSS)))'

/**
 * Runs `node ...args` as a fresh process, timing it from spawn to exit (wall clock, start-up
 * included). Rejects when it exits non-zero, with its stderr.
 */
export function runNode(args: readonly string[], options: ChildOptions): Promise<ChildRun> {
  const argv = options.peakRss === true ? ['--import', PEAK_RSS_PROBE, ...args] : [...args]
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(process.execPath, argv, {
      cwd: options.cwd,
      env: {...process.env, NO_COLOR: '1', ...options.env},
      stdio: ['ignore', 'pipe', 'pipe', options.peakRss === true ? 'pipe' : 'ignore'],
    })
    const output = ['', '', '']
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output[0] += chunk))
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output[1] += chunk))
    const probe = child.stdio[3] as NodeJS.ReadableStream | null
    probe?.setEncoding('utf8')
    probe?.on('data', (chunk: string) => (output[2] += chunk))
    child.on('error', reject)
    child.on('close', (code, signal) => {
      const wallMs = performance.now() - started
      if (code !== 0) {
        reject(new Error(`node ${args.join(' ')} exited with ${code ?? signal}:\n${output[1]!.slice(-2000)}`))
        return
      }
      const peakRssMB = options.peakRss === true ? (Number(output[2]) * 1024) / 1e6 : Number.NaN
      resolve({wallMs, peakRssMB, stdout: output[0]!, stderr: output[1]!})
    })
  })
}
