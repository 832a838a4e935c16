import * as Flags from '@oclif/core/flags'
import {parse} from '@oclif/core/parser'

import {HELP_AND_VERSION_FLAGS, indexFlags, scopeFlag} from './flags.js'
import {answerFirstLine, type EarlyStart, readFirstLine} from '../core/mcp/stdio/early-start.js'
import {TAMA_DEX_SERVER_INFO} from '../core/mcp/revisions/handshake.js'

/** The flags of `tama-dex mcp`: the command's, and what its start checks before oclif loads. */
export const mcpFlags = {
  ...indexFlags,
  scope: scopeFlag,
  executors: Flags.string({description: 'An ES module exporting the executor map (as `executors` or default).', helpValue: 'MODULE'}),
  timeout: Flags.integer({description: 'Fail an execute whose executor has not answered after this many milliseconds.', min: 1, helpValue: 'MS'}),
  'confirm-by': Flags.string({
    description: 'Who confirms destructive and confirmation-ruled operations: the agent, with execute\'s `confirm`, or the user, asked by the client (elicitation on 2025-11-25, an input_required result on 2026-07-28); with user, a client that cannot ask gets confirmation_required.',
    options: ['agent', 'user'],
    default: 'agent',
  }),
  http: Flags.string({
    description: 'Serve over Streamable HTTP at http://HOST:PORT/mcp instead of stdio (port 0: a free one; the address is printed on stderr). Without --tokens, only a loopback HOST is accepted, and every caller holds the --scope scopes.',
    helpValue: 'HOST:PORT',
  }),
  tokens: Flags.string({
    description: 'With --http, the callers and their scopes: JSON Lines, one caller a line, {"name": "ci", "token_sha256": "<hex of SHA-256 of the token>", "scopes": ["incus.read"]}; a request without one of their bearer tokens is answered 401.',
    helpValue: 'FILE',
    dependsOn: ['http'],
  }),
  'allow-origin': Flags.string({
    description: 'With --http, a browser origin\'s hostname allowed to call (repeatable); by default a request carrying an Origin header is answered 403.',
    helpValue: 'HOSTNAME',
    multiple: true,
    dependsOn: ['http'],
  }),
}

let started: Promise<EarlyStart> | undefined

/**
 * Starts `tama-dex mcp ARGV` before oclif loads, which takes longer than a client waits
 * for its `initialize` answer: when ARGV parses with the command's own flags and oclif's
 * own parser, reads the client's first line and answers it if it is an initialize request.
 * Any other ARGV (help, --json, a bad flag) is left whole to oclif, so a bad flag fails
 * exactly as it would without this start, with nothing written to stdout.
 */
export async function startMcp(argv: readonly string[]): Promise<void> {
  if (argv.some((arg) => HELP_AND_VERSION_FLAGS.includes(arg))) return
  try {
    // Over HTTP, stdin is no client's: it is left unread.
    if ((await parse([...argv], {flags: mcpFlags, strict: true})).flags.http !== undefined) return
  } catch {
    return
  }
  started = readFirstLine(process.stdin).then((first) => answerFirstLine(first, process.stdout, TAMA_DEX_SERVER_INFO))
}

/** What startMcp read and answered, handed over once, to the command's server. */
export function takeMcpStart(): Promise<EarlyStart> | undefined {
  const start = started
  started = undefined
  return start
}

/** Once oclif has finished, stops the early read that no server took (the command failed first), so that the process can end. */
export function endMcpStart(): void {
  if (started !== undefined) process.stdin.destroy()
  started = undefined
}
