import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, relative} from 'node:path'
import {fileURLToPath} from 'node:url'

import ts from 'typescript'
import {afterAll, describe, expect, it} from 'vitest'

import {tsFiles} from './import-graph.js'

/**
 * The library speaks of its options by key (`output`) and never of the CLI: a string in
 * src/core that names a `--flag` or tells the reader to run a `tama-dex` command is a
 * message only a CLI user could follow. The command layer puts the flags and commands in
 * (BaseCommand.optionFlags, src/cli/hints.ts).
 */
const CORE = fileURLToPath(new URL('../../src/core', import.meta.url))

const CLI_WORDS = [
  {rule: 'names a --flag', pattern: /(?<![\w-])--[a-z][\w-]*/},
  {rule: 'names a tama-dex command', pattern: /\btama-dex (?:cassette \w|document \w|execute\b|index (?:import|list|load|remove|status)\b|mcp\b|search\b)/},
] as const

// Strings that are not messages: Node's own command-line options, which install-runner
// compares with process.execArgv to start its worker with the same module loaders.
const NOT_MESSAGES = new Set(['host-index/install-runner.ts'])

interface CliWord {
  readonly file: string
  readonly rule: string
  readonly text: string
}

/** Every string literal and template part under `root` that names a flag or a CLI command. */
function cliWords(root: string): CliWord[] {
  const found: CliWord[] = []
  for (const path of tsFiles(root)) {
    const file = relative(root, path).split('\\').join('/')
    if (NOT_MESSAGES.has(file)) continue
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true)
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
        for (const {rule, pattern} of CLI_WORDS) if (pattern.test(node.text)) found.push({file, rule, text: node.text})
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return found
}

describe('core messages', () => {
  it('name no CLI flag and no tama-dex command', () => {
    expect(cliWords(CORE)).toEqual([])
  })

  describe('the check', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tama-core-messages-'))
    afterAll(() => rmSync(dir, {recursive: true, force: true}))

    it.each([
      {given: 'a flag in a message', code: "throw new Error('Pass --index with another path.')", want: [{rule: 'names a --flag', text: 'Pass --index with another path.'}]},
      {given: 'a flag in a template', code: 'const m = (p: string) => `Cannot write ${p}: choose another --output.`', want: [{rule: 'names a --flag', text: ': choose another --output.'}]},
      {given: 'a CLI command', code: "const m = 'Run tama-dex index status once.'", want: [{rule: 'names a tama-dex command', text: 'Run tama-dex index status once.'}]},
      {given: 'an option key', code: "const m = 'Choose another `output`.'", want: []},
      {given: 'a flag in a comment', code: '// --index names the file\nconst m = 1', want: []},
      {given: 'a dash range', code: "const m = 'scores 1--5, a — b'", want: []},
    ])('finds $given', ({code, want}) => {
      writeFileSync(join(dir, 'sample.ts'), code)
      expect(cliWords(dir)).toEqual(want.map((word) => ({file: 'sample.ts', ...word})))
    })
  })
})
