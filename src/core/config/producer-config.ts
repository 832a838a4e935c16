/** The names a config file may have, in the order they are looked for in each folder. */
export const CONFIG_FILE_NAMES = ['tama-dex.config.yaml', 'tama-dex.config.yml', 'tama-dex.config.json'] as const

/** The settings of one command, keyed by its flag names (docs/schema/tama-dex.config.schema.json). */
export type CommandSettings = Readonly<Record<string, string | number | boolean | readonly string[]>>

/**
 * A validated config file (docs/release.md#the-config-file). Its paths are resolved
 * against the config file's folder, relative to the working folder where they lie below it.
 */
export interface ProducerConfig {
  /** The config file, as found or named. */
  readonly file: string
  readonly documents?: readonly string[]
  readonly cassette?: CommandSettings
  readonly adopt?: CommandSettings
  readonly lint?: CommandSettings
  readonly diff?: CommandSettings
}

/** The keys of each section that name files, resolved like `documents`. */
export const PATH_KEYS: Readonly<Record<string, readonly string[]>> = {adopt: ['keywords'], lint: ['examples', 'baseline']}
