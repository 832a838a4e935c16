import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {Ajv2020} from 'ajv/dist/2020.js'
import {describe, expect, it} from 'vitest'

import {PROJECT_ROOT} from '../../helpers/cli.js'

interface Schema {
  type?: string
  enum?: unknown[]
  items?: Schema
  $ref?: string
  properties?: Record<string, Schema>
  $defs?: Record<string, Schema>
}
interface ManifestFlag {
  type: 'boolean' | 'option'
  multiple?: boolean
  options?: string[]
}

const read = (path: string) => JSON.parse(readFileSync(join(PROJECT_ROOT, path), 'utf8')) as Schema
const CONFIG = read('docs/schema/tama-dex.config.schema.json')
const MANIFEST = JSON.parse(readFileSync(join(PROJECT_ROOT, 'oclif.manifest.json'), 'utf8')) as {commands: Record<string, {flags: Record<string, ManifestFlag>}>}

/** The command each section sets, and its flags a config has no business holding (where output goes, how much is printed). */
const SECTIONS = [
  {section: 'cassette', command: 'cassette:build', notSettings: ['version', 'output', 'document', 'json', 'config']},
  {section: 'adopt', command: 'document:adopt', notSettings: ['output', 'verbose', 'quiet', 'json', 'config']},
  {section: 'lint', command: 'cassette:lint', notSettings: ['update-baseline', 'format', 'output', 'json', 'config']},
  {section: 'diff', command: 'cassette:diff', notSettings: ['format', 'output', 'json', 'config']},
]

function resolved(schema: Schema): Schema {
  return schema.$ref === undefined ? schema : resolved(CONFIG.$defs![schema.$ref.replace('#/$defs/', '')]!)
}

describe.each(['docs/schema/tama-dex.config.schema.json', 'docs/schema/tama-dex.baseline.schema.json'])('%s', (path) => {
  it('is a valid JSON Schema 2020-12', () => {
    const ajv = new Ajv2020({strict: true})
    expect(ajv.validateSchema(read(path)), ajv.errorsText()).toBe(true)
  })
})

// Flags override the file key by key, so each key must take exactly what its flag takes.
describe.each(SECTIONS)('the config\'s $section section', ({section, command, notSettings}) => {
  const properties = CONFIG.properties![section]!.properties!
  const flags = MANIFEST.commands[command]!.flags

  it(`holds every setting of ${command.replace(':', ' ')}, each under its flag's name`, () => {
    const settings = Object.keys(flags).filter((flag) => !notSettings.includes(flag))
    expect(Object.keys(properties).sort()).toEqual(settings.sort())
  })

  it.each(Object.keys(properties))('takes for %s what its flag takes', (key) => {
    const flag = flags[key]!
    const schema = resolved(properties[key]!)
    if (flag.type === 'boolean') return expect(schema.type).toBe('boolean')
    const value = flag.multiple === true ? resolved(schema.items ?? {}) : schema
    expect(schema.type === 'array').toBe(flag.multiple === true)
    if (flag.options === undefined) return expect(value.enum).toBeUndefined()
    expect(value.enum).toEqual(flag.options)
  })
})

describe('the baseline schema', () => {
  it('accepts the rules a lint gate fails on, and no other', () => {
    const baseline = read('docs/schema/tama-dex.baseline.schema.json')
    const rules = baseline.$defs!.finding!.properties!.rule!.enum
    expect(rules).toEqual(MANIFEST.commands['cassette:lint']!.flags['fail-on']!.options!.filter((lintClass) => lintClass !== 'none'))
  })
})
