import {readFileSync, readdirSync} from 'node:fs'
import {join} from 'node:path'

import {describe, expect, it} from 'vitest'

import {PROJECT_ROOT} from '../helpers/cli.js'

// The shell samples of README.md and docs/ (docs/search.md and docs/mcp.md have their own
// tests): every `tama-dex` line names a command that exists with flags it has, and every
// `npm run` names a script of package.json. The commands' behaviour is tested in test/commands.
const DOCS = ['README.md', ...readdirSync(join(PROJECT_ROOT, 'docs')).filter((name) => name.endsWith('.md') && !['search.md', 'mcp.md'].includes(name)).map((name) => `docs/${name}`)]
const manifest = JSON.parse(readFileSync(join(PROJECT_ROOT, 'oclif.manifest.json'), 'utf8')) as {commands: Record<string, {flags: Record<string, {char?: string}>}>}
const scripts = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {scripts: Record<string, string>}).scripts

/** The commands of a sh block, continuation lines joined and comments dropped. */
function commandLines(block: string): string[] {
  return block
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.replace(/(^|\s)#.*$/, '').trim())
    .filter((line) => line !== '')
}

const LINES = DOCS.flatMap((doc) =>
  [...readFileSync(join(PROJECT_ROOT, doc), 'utf8').matchAll(/^```sh\n([\s\S]*?)^```/gm)].flatMap((match) => commandLines(match[1]!).map((line) => ({doc, line}))),
)
const CLI_LINES = LINES.filter(({line}) => /(^|\s)tama-dex\s/.test(line))
const NPM_LINES = LINES.filter(({line}) => /(^|\s)npm run\s/.test(line))

describe('shell samples in README.md and docs/', () => {
  it('include tama-dex and npm run lines', () => {
    expect(CLI_LINES.length).toBeGreaterThan(5)
    expect(NPM_LINES.length).toBeGreaterThan(3)
  })

  it.each(CLI_LINES)('$doc: $line', ({line}) => {
    const words = line.slice(line.search(/(^|\s)tama-dex\s/)).trim().split(/\s+/).slice(1)
    const id = [words.slice(0, 2).join(':'), words[0]!].find((candidate) => candidate in manifest.commands)
    expect(id, `a tama-dex command in: ${line}`).toBeDefined()
    const flags = manifest.commands[id!]!.flags
    const used = [...line.matchAll(/(?:^|[\s[|])--([a-z][a-z0-9-]*)/g)].map((match) => match[1]!)
    expect(used.filter((flag) => !(flag in flags)), line).toEqual([])
  })

  it.each(NPM_LINES)('$doc: $line', ({line}) => {
    for (const [, script] of line.matchAll(/npm run ([a-z:-]+)/g)) expect(scripts, line).toHaveProperty([script!])
  })
})
