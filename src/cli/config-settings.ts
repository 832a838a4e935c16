import type {ParserOutput} from '@oclif/core/interfaces'
import * as Flags from '@oclif/core/flags'

import type {CommandSettings, ProducerConfig} from '../core/config/index.js'
import {TamaError} from '../core/errors/index.js'

/** `--config`, on every command a config file has settings for. */
export const configFlags = {
  config: Flags.string({
    description: 'Read settings from this config file instead of the tama-dex.config.yaml (or .yml, .json) found in the working folder or the nearest folder above it (docs/release.md#the-config-file). Flags override its settings.',
    helpValue: 'FILE',
  }),
}

/** The run's config: the file `--config` names, else the one found above the working folder; undefined without either. */
export async function runConfig(named: string | undefined): Promise<ProducerConfig | undefined> {
  const {discoverConfig, loadConfig} = await import('../core/config/index.js')
  return named === undefined ? discoverConfig() : loadConfig(named)
}

/**
 * The parsed flags with each of `settings` the command line did not give: a flag given
 * overrides the file, a flag's default does not.
 */
export function withSettings<F extends Record<string, unknown>>(flags: F, raw: ParserOutput['raw'], settings: CommandSettings | undefined): F {
  if (settings === undefined) return flags
  const given = new Set(raw.flatMap((token) => (token.type === 'flag' ? [token.flag] : [])))
  const taken = Object.entries(settings).filter(([name]) => !given.has(name))
  return {...flags, ...Object.fromEntries(taken)}
}

/** A value the command needs from its flag or the config; TamaError('usage') saying both ways when neither gave it. */
export function required<T>(value: T | undefined, flag: string, key: string): T {
  if (value === undefined || (Array.isArray(value) && value.length === 0)) {
    throw new TamaError('usage', `Missing ${flag}: give it, or set \`${key}\` in tama-dex.config.yaml (docs/release.md#the-config-file).`)
  }
  return value
}
