import {readdirSync, readFileSync, writeFileSync} from 'node:fs'
import path from 'node:path'

import {Ajv2020} from 'ajv/dist/2020.js'
import {describe, expect, it} from 'vitest'

import {executeTool, searchTool} from '../../../src/core/mcp/index.js'
import {PROJECT_ROOT} from '../../helpers/cli.js'

function isDeepFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true
  return Object.isFrozen(value) && Object.values(value).every(isDeepFrozen)
}

describe.each([
  {tool: searchTool(), want: {name: 'search', annotations: {readOnlyHint: true, openWorldHint: false}, mentions: ['cassette', 'operation_id', 'input_schema', 'confirmation', 'execute']}},
  {tool: executeTool(), want: {name: 'execute', annotations: {destructiveHint: true, openWorldHint: true}, mentions: ['search', 'confirm: true', 'echo', 'dispatched: true', 'invalid_input', 'JSON Pointer']}},
])('the $want.name tool', ({tool, want}) => {
  it('has its name, a title, annotations and an agent-facing description', () => {
    expect(tool.name).toBe(want.name)
    expect(tool.title).not.toBe('')
    expect(tool.annotations).toMatchObject(want.annotations)
    for (const words of want.mentions) expect(tool.description).toContain(words)
  })

  it.each(['inputSchema', 'outputSchema'] as const)('has a %s that is valid, strict JSON Schema 2020-12 with type object and no type of two kinds', (key) => {
    const schema = tool[key]
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema')
    expect(schema.type).toBe('object')
    // Strict mode without allowUnionTypes refuses a `type` array: two types are two anyOf branches.
    const ajv = new Ajv2020({strict: true, strictRequired: false})
    expect(ajv.validateSchema(schema), JSON.stringify(ajv.errors)).toBe(true)
    expect(() => ajv.compile(schema)).not.toThrow()
  })

  // An agent reads every word of these: a change shows in review as a change to the golden file.
  it('is the golden file test/fixtures/mcp/TOOL.tool.json', () => {
    const golden = path.join(PROJECT_ROOT, 'test/fixtures/mcp', `${want.name}.tool.json`)
    const written = `${JSON.stringify(tool, null, 2)}\n`
    if (process.env.UPDATE_TOOL_SNAPSHOTS === '1') writeFileSync(golden, written)
    expect(written).toBe(readFileSync(golden, 'utf8'))
  })

  it('is frozen all the way down and the same object on every call', () => {
    expect(isDeepFrozen(tool)).toBe(true)
    expect(want.name === 'search' ? searchTool() : executeTool()).toBe(tool)
  })
})

describe('the tama-dex/mcp library', () => {
  const sources = (dir: string): string[] =>
    readdirSync(dir, {withFileTypes: true}).flatMap((entry) =>
      entry.isDirectory() ? sources(path.join(dir, entry.name)) : entry.name.endsWith('.ts') ? [path.join(dir, entry.name)] : [],
    )

  const files = [...sources(path.join(PROJECT_ROOT, 'src/core')), path.join(PROJECT_ROOT, 'src/mcp.ts'), path.join(PROJECT_ROOT, 'src/index.ts')].map((file) => ({
    file: path.relative(PROJECT_ROOT, file),
  }))
  // What loads only once a transport serves: the tools' server and what it asks of a client.
  // A transport loads these, and the SDK's own transport, with import() once it serves
  // (tama-dex/mcp without the SDK, in serve-stdio.test.ts, checks that at run time).
  const SERVING = new Set(['src/core/mcp/tool-server.ts', 'src/core/mcp/user-confirmation.ts'])
  const valueImport = /^import(?!\s+type\b)[^'(]*'@modelcontextprotocol/m

  it.each(files.filter(({file}) => !SERVING.has(file)))('$file imports at most the MCP SDK\'s types', ({file}) => {
    expect(readFileSync(path.join(PROJECT_ROOT, file), 'utf8')).not.toMatch(valueImport)
  })

  it.each([...SERVING].map((file) => ({file})))('$file, which imports the SDK, is loaded by a transport only when it serves', ({file}) => {
    const importers = files.filter(({file: importer}) => new RegExp(`^import(?!\\s+type\\b)[^'(]*'\\.{1,2}/[^']*${path.basename(file, '.ts')}\\.js'`, 'm').test(readFileSync(path.join(PROJECT_ROOT, importer), 'utf8')))
    expect(importers.filter(({file: importer}) => !SERVING.has(importer))).toEqual([])
  })
})
