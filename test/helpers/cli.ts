import {spawn} from 'node:child_process'
import {fileURLToPath} from 'node:url'

/** The built CLI, run as a real child process (run `npm run build` first; `npm test` does). */
export const CLI = fileURLToPath(new URL('../../bin/run.js', import.meta.url))
export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url))

export interface CliResult {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

export interface CliOptions {
  readonly cwd?: string
  readonly env?: NodeJS.ProcessEnv
  readonly input?: string
  readonly timeoutMs?: number
}

/** Runs `tama-dex ...args` and resolves with its exit code and output; never rejects on exit code. */
export function runCli(args: readonly string[], options: CliOptions = {}): Promise<CliResult> {
  return runProcess(process.execPath, [CLI, ...args], options)
}

/**
 * Runs any program as a child process (NO_COLOR set, stdin given or closed), killed after
 * `timeoutMs`, and resolves with its exit code and output; never rejects on exit code.
 */
export function runProcess(command: string, args: readonly string[], options: CliOptions = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? PROJECT_ROOT,
      env: {...process.env, NO_COLOR: '1', ...options.env},
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({code, stdout, stderr})
    })
    // A child that exits without reading its input closes the pipe first (EPIPE): not a failure of the run.
    child.stdin.on('error', () => {})
    child.stdin.end(options.input ?? '')
  })
}

/** Parses the `--json` output of a run, failing loudly with the run's output when it is not JSON. */
export function parseJson<T = unknown>(result: CliResult): T {
  try {
    return JSON.parse(result.stdout) as T
  } catch {
    throw new Error(`stdout is not JSON (exit ${result.code}):\n${result.stdout}\n--- stderr ---\n${result.stderr}`)
  }
}
