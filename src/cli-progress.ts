import type {Ora} from 'ora'

import {removeLiveTemporariesSync} from './core/files/index.js'

/** The conventional exit codes of a process ended by a signal: 128 + the signal's number. */
const SIGNAL_EXIT_CODES = {SIGINT: 130, SIGTERM: 143} as const

/** Spinners on screen now, stopped (cursor restored) when a signal ends the process. */
const SHOWN = new Set<Ora>()

let interruptible = false

/**
 * Whether progress may be drawn on stderr: only on a terminal with a size (a terminal of 0
 * columns makes a spinner's line count infinite), not `TERM=dumb`, not in CI, whose logs
 * keep every frame. Decided once per command, before any work.
 */
export function progressShown(stream: NodeJS.WriteStream = process.stderr, env: NodeJS.ProcessEnv = process.env): boolean {
  return stream.isTTY === true && (stream.columns ?? 0) > 0 && (stream.rows ?? 0) > 0 && env.TERM !== 'dumb' && !inCi(env)
}

/**
 * What a long-running command shows while it works: a spinner on stderr naming the step,
 * ended by a one-line result, when progressShown and not `--json`; otherwise nothing at all.
 * Starting one also makes SIGINT and SIGTERM end the process at once (exit 130 and 143),
 * removing any temporary file it was writing, whether progress is shown or not.
 */
export class CliProgress {
  private constructor(private readonly spinner: Ora | undefined) {}

  static async start(text: string, options: {readonly hidden: boolean}): Promise<CliProgress> {
    endOnInterrupt()
    if (options.hidden || !progressShown()) return new CliProgress(undefined)
    const {default: ora} = await import('ora')
    // Shown is decided above, not by ora; discardStdin would put a terminal's stdin in raw mode, which `adopt -` reads.
    const spinner = ora({text, stream: process.stderr, isEnabled: true, discardStdin: false, color: process.env.NO_COLOR ? false : 'cyan'}).start()
    SHOWN.add(spinner)
    return new CliProgress(spinner)
  }

  /** Names the step now running. */
  step(text: string): void {
    if (this.spinner !== undefined) this.spinner.text = text
  }

  /** Ends with a line saying what was done. */
  done(text: string): void {
    this.spinner?.stopAndPersist({symbol: '✔', text})
    this.stop()
  }

  /** Ends without a trace (on failure the error says what happened). */
  stop(): void {
    if (this.spinner === undefined) return
    if (this.spinner.isSpinning) this.spinner.stop()
    SHOWN.delete(this.spinner)
  }
}

function inCi(env: NodeJS.ProcessEnv): boolean {
  return env.CI !== undefined && env.CI !== '' && env.CI !== '0' && env.CI !== 'false'
}

function endOnInterrupt(): void {
  if (interruptible) return
  interruptible = true
  for (const signal of Object.keys(SIGNAL_EXIT_CODES) as Array<keyof typeof SIGNAL_EXIT_CODES>) {
    process.on(signal, () => {
      for (const spinner of SHOWN) spinner.stop()
      removeLiveTemporariesSync()
      process.exit(SIGNAL_EXIT_CODES[signal])
    })
  }
}
