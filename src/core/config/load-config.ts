import {stat} from 'node:fs/promises'
import {dirname, isAbsolute, join, relative, resolve, sep} from 'node:path'

import {TamaError, passOption} from '../errors/index.js'
import {readBoundedFile} from '../files/index.js'
import {isObject} from '../json/index.js'
import {schemaProblems, shippedSchema} from '../json-schema/index.js'
import {parseDocumentText} from '../profile/index.js'
import {CONFIG_FILE_NAMES, type CommandSettings, PATH_KEYS, type ProducerConfig} from './producer-config.js'

/** A config file holds settings, not a catalogue: far less than any real one needs. */
const MAX_CONFIG_BYTES = 1024 * 1024

/**
 * The config that applies in `folder`, loaded: the first folder from it up to the file
 * system's root holding one of CONFIG_FILE_NAMES, as ESLint and Prettier look for theirs.
 * A file found so, not named, is only taken when no other user than its reader and root
 * may write it: a config planted in a shared parent folder (/tmp) must not change what CI
 * checks. Undefined when there is none. Throws what loadConfig throws, and
 * TamaError('usage') when one folder holds two, or for a file others may write.
 */
export async function discoverConfig(folder: string = process.cwd()): Promise<ProducerConfig | undefined> {
  const file = await findConfig(folder)
  if (file === undefined) return undefined
  const {mode, uid} = await stat(file)
  const reader = process.getuid?.()
  if ((mode & 0o002) !== 0 || (reader !== undefined && uid !== reader && uid !== 0)) {
    throw new TamaError('usage', `${file} was found above the working folder, but ${(mode & 0o002) !== 0 ? 'any user of this machine may write it' : 'another user owns it'}, so its settings may not be the repository's: remove it if it is not.`, {remedy: passOption('config', 'with its path if you trust it')})
  }
  return loadConfig(file)
}

async function findConfig(folder: string): Promise<string | undefined> {
  for (let current = resolve(folder); ; current = dirname(current)) {
    const found = []
    for (const name of CONFIG_FILE_NAMES) if (await isFile(join(current, name))) found.push(join(current, name))
    if (found.length > 1) throw new TamaError('usage', `${found.map((file) => relativeToWorkingFolder(file)).join(' and ')} are both config files: keep one.`)
    if (found.length === 1) return relativeToWorkingFolder(found[0]!)
    if (dirname(current) === current) return undefined
  }
}

/**
 * Reads and validates a config file: JSON or YAML, checked against
 * docs/schema/tama-dex.config.schema.json, with its paths resolved against its folder.
 * Throws TamaError: not_found or usage for a file that cannot be read, and
 * invalid_document with a problem per finding at its pointer.
 */
export async function loadConfig(file: string): Promise<ProducerConfig> {
  const bytes = await readBoundedFile(file, {
    maxBytes: MAX_CONFIG_BYTES,
    expected: 'a tama-dex.config.yaml or .json file',
    tooLarge: (size) => new TamaError('usage', `${file}: ${size} bytes, more than a config file may hold (${MAX_CONFIG_BYTES}). Keep settings in it, not documents.`),
  })
  const value = parseDocumentText(bytes, file)
  const problems = schemaProblems(shippedSchema('tama-dex.config.schema.json'), value, {subject: 'tama-dex.config'})
  if (problems.length > 0) {
    throw new TamaError('invalid_document', `${file} is not a valid tama-dex config: fix the problems listed (docs/release.md#the-config-file).`, {
      problems: problems.map((problem) => ({...problem, source: file})),
    })
  }
  return Object.freeze(resolvePaths(value as Record<string, unknown>, file))
}

function resolvePaths(config: Record<string, unknown>, file: string): ProducerConfig {
  const folder = dirname(file)
  const path = (value: string) => relativeToWorkingFolder(isAbsolute(value) ? value : join(folder, value))
  const section = (name: string): CommandSettings | undefined => {
    const settings = config[name]
    if (!isObject(settings)) return undefined
    const resolved = Object.entries(settings).map(([key, value]) => {
      if (!(PATH_KEYS[name] ?? []).includes(key)) return [key, value]
      return [key, Array.isArray(value) ? value.map((item: string) => path(item)) : path(value as string)]
    })
    return Object.freeze(Object.fromEntries(resolved) as CommandSettings)
  }
  const documents = Array.isArray(config.documents) ? Object.freeze(config.documents.map((item: string) => path(item))) : undefined
  const sections = Object.fromEntries(['cassette', 'adopt', 'lint', 'diff'].flatMap((name) => {
    const settings = section(name)
    return settings === undefined ? [] : [[name, settings]]
  }))
  return {file, ...(documents === undefined ? {} : {documents}), ...sections}
}

/** A path as messages and reports show it: relative to the working folder when below it, else absolute. */
function relativeToWorkingFolder(path: string): string {
  const fromHere = relative(process.cwd(), resolve(path))
  return fromHere === '' || fromHere === '..' || fromHere.startsWith(`..${sep}`) || isAbsolute(fromHere) ? resolve(path) : fromHere
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (stats) => stats.isFile(),
    () => false,
  )
}
