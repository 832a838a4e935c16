import type {Ora} from 'ora'

import {escapeUnsafe} from '../core/text/index.js'

/**
 * Whether progress may be drawn on stderr: only on a terminal with a size (a terminal of 0
 * columns makes a spinner's line count infinite), not `TERM=dumb`, not in CI, whose logs
 * keep every frame. Decided once per command, before any work.
 */
function progressShown(stream: NodeJS.WriteStream = process.stderr, env: NodeJS.ProcessEnv = process.env): boolean {
  return stream.isTTY === true && (stream.columns ?? 0) > 0 && (stream.rows ?? 0) > 0 && env.TERM !== 'dumb' && !inCi(env)
}

/**
 * What a long-running command shows while it works: a spinner on stderr naming the step,
 * ended by a one-line result, when progressShown and not `--json`; otherwise nothing at all.
 * Its text is one line, escaped here, so the file names it holds cannot drive the terminal.
 * It leaves the cursor shown and the signals alone, so SIGINT and SIGTERM end the work as
 * they would without it.
 */
export class CliProgress {
  private constructor(private readonly spinner: Ora | undefined) {}

  static async start(text: string, options: {readonly hidden: boolean}): Promise<CliProgress> {
    if (options.hidden || !progressShown()) return new CliProgress(undefined)
    const {default: ora} = await import('ora')
    // Shown is decided above, not by ora. A hidden cursor would need a signal handler to show it again;
    // discardStdin would put a terminal's stdin in raw mode, which `adopt -` reads.
    const spinner = ora({text: escapeUnsafe(text), stream: process.stderr, isEnabled: true, hideCursor: false, discardStdin: false, color: process.env.NO_COLOR ? false : 'cyan'}).start()
    return new CliProgress(spinner)
  }

  /** Names the step now running. */
  step(text: string): void {
    if (this.spinner !== undefined) this.spinner.text = escapeUnsafe(text)
  }

  /** Ends with a line saying what was done. */
  done(text: string): void {
    this.spinner?.stopAndPersist({symbol: '✔', text: escapeUnsafe(text)})
    this.stop()
  }

  /** Ends without a trace (on failure the error says what happened). */
  stop(): void {
    if (this.spinner?.isSpinning) this.spinner.stop()
  }
}

function inCi(env: NodeJS.ProcessEnv): boolean {
  return env.CI !== undefined && env.CI !== '' && env.CI !== '0' && env.CI !== 'false'
}
