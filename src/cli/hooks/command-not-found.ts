import {Hook, Interfaces, toConfiguredId} from '@oclif/core'

import {closestMatch} from '../suggestion.js'
import {TamaError} from '../../core/errors/index.js'
import {quote} from '../../core/text/index.js'

/**
 * A mistyped command is a usage error (exit 2) naming the nearest command in the form
 * it is typed (`index import`), as JSON under --json. It never asks a question: scripts
 * and CI get the same answer as a terminal.
 */
const hook: Hook.CommandNotFound = async function (options) {
  // A flag before the command (`tama-dex --json serch`) arrives as the id.
  const words = [options.id, ...(options.argv ?? [])]
  const {typed, suggestion} = nearestCommand(words.find((word) => !word.startsWith('-')) ?? options.id, options.config)
  const hint = suggestion === undefined ? '' : ` Did you mean ${quote(suggestion)}?`
  const failure = new TamaError(
    'usage',
    `${quote(typed)} is not a ${options.config.bin} command.${hint} Run \`${options.config.bin} help\` for the list of commands.`,
  )
  process.exitCode = failure.exitCode
  if (words.includes('--json')) {
    process.stdout.write(`${JSON.stringify({error: failure.toJSON()}, null, 2)}\n`)
  } else {
    process.stderr.write(`Error: ${failure.message}\n`)
  }
}

/**
 * oclif joins every word before the first flag into the id (`serch list pods`), so the
 * words that name a command are compared with commands of as many words, longest first.
 */
function nearestCommand(id: string, config: Interfaces.Config): {typed: string; suggestion?: string} {
  const words = toConfiguredId(id, config).split(' ')
  const commands = config.commands.filter((command) => !command.hidden).map((command) => toConfiguredId(command.id, config))
  for (let length = Math.min(words.length, Math.max(...commands.map((command) => command.split(' ').length))); length > 0; length--) {
    const typed = words.slice(0, length).join(' ')
    const suggestion = closestMatch(typed, commands.filter((command) => command.split(' ').length === length))
    if (suggestion !== undefined) return {typed, suggestion}
  }
  return {typed: words.join(' ')}
}

export default hook
