import {removeLiveTemporariesSync} from '../core/files/index.js'

/** The conventional exit codes of a process ended by a signal: 128 + the signal's number. */
const SIGNAL_EXIT_CODES = {SIGINT: 130, SIGTERM: 143} as const

/**
 * Runs work that writes an output through a temporary file so that SIGINT and SIGTERM still
 * end the process (exit 130, 143) but remove the temporary first. Outside such work the
 * signals keep their default action, which ends the process at once even while it computes;
 * a handler would wait for the computation, so it is installed only where it has a file to remove.
 */
export async function removingTemporariesOnInterrupt<T>(work: () => Promise<T>): Promise<T> {
  const handlers = Object.entries(SIGNAL_EXIT_CODES).map(([signal, code]) => {
    const handler = (): never => {
      removeLiveTemporariesSync()
      process.exit(code)
    }
    process.on(signal, handler)
    return () => process.off(signal, handler)
  })
  try {
    return await work()
  } finally {
    for (const remove of handlers) remove()
  }
}
