import {type ChildProcess, spawn} from 'node:child_process'
import {fileURLToPath} from 'node:url'

/** The child that installs its arguments into an index, forever (see the file). */
const INSTALL_FOREVER = fileURLToPath(new URL('../fixtures/index/install-forever.ts', import.meta.url))

/** A running install-forever child: how many installs it has reported so far. */
export interface InstallingChild {
  readonly child: ChildProcess
  /** Resolves once the child has reported `count` installs in all. */
  installed(count: number): Promise<void>
  /** Sends SIGKILL and resolves once the child is gone; rejects if it had died on its own. */
  kill(): Promise<void>
  /** Installs reported so far, as `<version> <cassette> <mode>`. */
  readonly reports: readonly string[]
}

/** Starts install-forever on `index` with `files` (see install-forever.ts for their form). */
export function installForever(index: string, files: readonly string[]): InstallingChild {
  const child = spawn(process.execPath, ['--import', 'tsx', INSTALL_FOREVER, index, ...files], {stdio: ['ignore', 'pipe', 'pipe']})
  const reports: string[] = []
  const waiting: Array<{count: number; resolve: () => void; reject: (error: Error) => void}> = []
  let stderr = ''
  let exit: Error | null = null
  let buffered = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString()
    const lines = buffered.split('\n')
    buffered = lines.pop()!
    for (const line of lines) if (line.startsWith('installed ')) reports.push(line.slice('installed '.length))
    for (const wait of waiting.filter((candidate) => reports.length >= candidate.count)) {
      waiting.splice(waiting.indexOf(wait), 1)
      wait.resolve()
    }
  })
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on('exit', (code, signal) => {
      if (signal !== 'SIGKILL') exit = new Error(`the installing child exited on its own (code ${code}, signal ${signal}): ${stderr}`)
      for (const wait of waiting.splice(0)) wait.reject(exit ?? new Error('the child was killed'))
      resolve(signal)
    }),
  )
  return {
    child,
    reports,
    installed: (count) =>
      new Promise((resolve, reject) => {
        if (exit !== null) reject(exit)
        else if (reports.length >= count) resolve()
        else waiting.push({count, resolve, reject})
      }),
    kill: async () => {
      child.kill('SIGKILL')
      await exited
      if (exit !== null) throw exit
    },
  }
}
