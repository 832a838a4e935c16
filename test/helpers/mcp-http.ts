import {type ChildProcess, spawn} from 'node:child_process'
import {createHash} from 'node:crypto'

import {CLI, PROJECT_ROOT} from './cli.js'

/** A running `tama-dex mcp --http`: its endpoint, and how to stop it. */
export interface HttpServerChild {
  readonly url: URL
  stop(): Promise<void>
}

/** Spawns `tama-dex mcp --http 127.0.0.1:0 ARGS` and resolves with the endpoint it prints on stderr. */
export async function spawnHttpServer(args: readonly string[]): Promise<HttpServerChild> {
  const child = spawn(process.execPath, [CLI, 'mcp', '--http', '127.0.0.1:0', ...args], {cwd: PROJECT_ROOT, stdio: ['ignore', 'ignore', 'pipe']})
  let stderr = ''
  const url = await new Promise<URL>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8')
      const url = /serving MCP over HTTP at (\S+)/.exec(stderr)?.[1]
      if (url !== undefined) resolve(new URL(url))
    })
    child.once('exit', (code) => reject(new Error(`tama-dex mcp --http exited ${code}: ${stderr}`)))
  })
  return {url, stop: () => stopChild(child)}
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

/** A token as a token file holds it: the hex of its SHA-256. */
export function tokenSha256(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
