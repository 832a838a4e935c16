import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

import {afterAll, describe, expect, it} from 'vitest'

import {checkLayers, forbiddenImports, importGraph, looseFiles, namesImportedFrom, packageImports, toolReachIns, unusedAllowances, type Violation} from './import-graph.js'
import {ALLOWANCES, FOLDER_RULES, LAYERS, LIGHT_ENTRIES, MCP_TRANSPORTS} from './layers.js'

const REPOSITORY = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const SRC = join(REPOSITORY, 'src')

describe('the layers of src/', () => {
  const edges = importGraph(SRC)

  it('reads the imports of src/', () => {
    expect(edges).toContainEqual({from: 'commands/search.ts', to: 'cli/base-command.ts'})
    expect(edges).toContainEqual({from: 'core/json/find-non-json.ts', to: 'core/json/json-pointer.ts'})
  })

  it('has no back-edge, no import beside its layer, no reach-in, no unlisted folder and no cycle', () => {
    expect(checkLayers(edges, LAYERS, ALLOWANCES, LIGHT_ENTRIES)).toEqual([])
  })

  it('keeps the MCP tools and protocol revisions free of transports, and each transport free of the others', () => {
    const transportOf = (file: string) => MCP_TRANSPORTS.find((transport) => file.startsWith(`${transport}/`))
    const crossings = edges.filter(({from, to}) => {
      const target = transportOf(to)
      if (target === undefined || !from.startsWith('core/mcp/')) return false
      return from !== 'core/mcp/index.ts' && transportOf(from) !== target
    })
    expect(edges.some(({from}) => transportOf(from) !== undefined)).toBe(true)
    expect(crossings).toEqual([])
  })

  it('leaves the CLI framework and its spinner to commands/ and cli/: core/ never imports them', () => {
    const cliPackages = packageImports(join(SRC, 'core')).filter(({to}) => /^(@oclif\/|ora$)/.test(to))
    expect(cliPackages).toEqual([])
    expect(packageImports(join(SRC, 'cli')).some(({to}) => to.startsWith('@oclif/'))).toBe(true)
  })

  it('holds no file at its top but the package entries', () => {
    expect(looseFiles(SRC)).toEqual([])
  })

  it('lists no allowance that nothing needs', () => {
    expect(unusedAllowances(edges, LAYERS, ALLOWANCES)).toEqual([])
    // An entry no other folder imports is not an entry.
    const imported = new Set(edges.map(({to}) => to))
    expect(LIGHT_ENTRIES.filter((entry) => !imported.has(entry))).toEqual([])
  })

  it('is drawn in docs/architecture.md, top first, as LAYERS lists it', () => {
    const doc = readFileSync(join(REPOSITORY, 'docs', 'architecture.md'), 'utf8')
    const drawing = /```text\n([\s\S]*?)```/.exec(doc)?.[1] ?? ''
    const drawn = drawing
      .split('\n')
      .filter((line) => /^\s*\d+\s/.test(line))
      .map((line) => line.replace(/^\s*\d+\s+/, '').split(/\s{2,}/)[0]!.split(',').map((folder) => folder.trim()))
    expect(drawn).toEqual(LAYERS.map((folders) => [...folders]))
  })
})

describe('the benchmarks and build tools', () => {
  const TOOLS = ['bench', 'scripts', 'tools']

  it('reach src/ and dist/ only through the package entries and src/internal.ts', () => {
    expect(toolReachIns(REPOSITORY, TOOLS, ['index', 'mcp', 'internal'])).toEqual([])
  })

  it('find a door no wider than they use: each name src/internal.ts exports is imported by one of them', () => {
    const exported = [...readFileSync(join(SRC, 'internal.ts'), 'utf8').matchAll(/export (?:type )?\{([^}]*)\}/g)].flatMap((match) => match[1]!.split(',').map((name) => name.trim()))
    const used = namesImportedFrom(REPOSITORY, TOOLS, ['src/internal.ts', 'dist/internal.js'])
    expect(exported.filter((name) => !used.has(name))).toEqual([])
  })

  it('are imported by nothing in src/', () => {
    expect(importGraph(SRC).filter(({to}) => to.startsWith('../'))).toEqual([])
  })

  it('keep their own direction: the build tools and the product tests never import the benchmarks', () => {
    expect(forbiddenImports(REPOSITORY, FOLDER_RULES)).toEqual([])
  })
})

describe('the layer check itself', () => {
  const root = mkdtempSync(join(tmpdir(), 'tama-dex-layers-'))
  afterAll(() => rmSync(root, {recursive: true, force: true}))
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), {recursive: true})
    writeFileSync(join(root, path), text)
  }
  write('core/text/index.ts', "export {quote} from './quote.js'\n")
  write('core/text/quote.ts', "export const quote = (text: string) => `\"${text}\"`\n")
  write('core/json/index.ts', "export {isObject} from './is-object.js'\n")
  write('core/json/is-object.ts', "import {quote} from '../text/index.js'\nexport const isObject = (value: unknown) => quote(String(value)) !== ''\n")
  write('core/errors/index.ts', "export const ERRORS = 1\n")

  const layers = [['core/json'], ['core/errors', 'core/text']]
  const given = (path: string, text: string): Violation[] => {
    write(path, text)
    try {
      return checkLayers(importGraph(root), layers)
    } finally {
      rmSync(join(root, path))
    }
  }

  it('passes a clean tree', () => {
    expect(checkLayers(importGraph(root), layers)).toEqual([])
  })

  describe.each([
    {
      name: 'a back-edge (text importing json)',
      path: 'core/text/bad.ts',
      text: "import {isObject} from '../json/index.js'\nexport const bad = isObject\n",
      want: [{rule: 'back-edge', from: 'core/text/bad.ts', to: 'core/json/index.ts'}],
    },
    {
      name: 'a reach-in (json importing text\'s file)',
      path: 'core/json/bad.ts',
      text: "import {quote} from '../text/quote.js'\nexport const bad = quote\n",
      want: [{rule: 'reach-in', from: 'core/json/bad.ts', to: 'core/text/quote.ts'}],
    },
    {
      name: 'a re-export that reaches in',
      path: 'core/json/bad.ts',
      text: "export {quote} from '../text/quote.js'\n",
      want: [{rule: 'reach-in', from: 'core/json/bad.ts', to: 'core/text/quote.ts'}],
    },
    {
      name: 'a type-only back-edge',
      path: 'core/errors/bad.ts',
      text: "import type {isObject} from '../json/index.js'\nexport type Bad = typeof isObject\n",
      want: [{rule: 'back-edge', from: 'core/errors/bad.ts', to: 'core/json/index.ts'}],
    },
    {
      name: 'an import beside its layer',
      path: 'core/errors/bad.ts',
      text: "import {quote} from '../text/index.js'\nexport const bad = quote\n",
      want: [{rule: 'same-layer', from: 'core/errors/bad.ts', to: 'core/text/index.ts'}],
    },
    {
      name: 'a folder the layers do not list',
      path: 'core/extra/bad.ts',
      text: "import {quote} from '../text/index.js'\nexport const bad = quote\n",
      want: [{rule: 'unlisted-folder', from: 'core/extra', to: 'core/extra'}],
    },
  ])('fails on $name', ({path, text, want}) => {
    it('names the import', () => {
      expect(given(path, text)).toEqual(want)
    })
  })

  it('fails on a file at the top other than the entries, imported or not', () => {
    write('helper.ts', "import {quote} from './core/text/index.js'\nexport const helper = quote\n")
    const found = checkLayers(importGraph(root), [['entries'], ...layers])
    const loose = looseFiles(root)
    rmSync(join(root, 'helper.ts'))
    expect(found).toEqual([{rule: 'unlisted-folder', from: 'helper.ts', to: 'helper.ts'}])
    expect(loose).toEqual(['helper.ts'])
    write('index.ts', "export {quote} from './core/text/index.js'\n")
    expect(looseFiles(root)).toEqual([])
    rmSync(join(root, 'index.ts'))
  })

  it('fails on a cycle of files', () => {
    write('core/text/quote.ts', "import {other} from './other.js'\nexport const quote = (text: string) => `\"${text}\"` + other\n")
    write('core/text/other.ts', "import {quote} from './quote.js'\nexport const other = typeof quote\n")
    const found = checkLayers(importGraph(root), layers)
    write('core/text/quote.ts', "export const quote = (text: string) => `\"${text}\"`\n")
    rmSync(join(root, 'core/text/other.ts'))
    expect(found).toEqual([{rule: 'file-cycle', from: 'core/text/other.ts', to: 'core/text/quote.ts'}])
  })

  it('lets an allowance pass its violation, and reports an allowance nothing uses', () => {
    const allowance = {rule: 'reach-in', from: 'core/json', to: 'core/text', why: 'test'} as const
    write('core/json/bad.ts', "import {quote} from '../text/quote.js'\nexport const bad = quote\n")
    const passed = checkLayers(importGraph(root), layers, [allowance])
    rmSync(join(root, 'core/json/bad.ts'))
    expect(passed).toEqual([])
    expect(unusedAllowances(importGraph(root), layers, [allowance])).toEqual([allowance])
  })

  it('lets another folder import a declared light entry, and no other file', () => {
    write('core/json/uses-entry.ts', "import {quote} from '../text/quote.js'\nexport const used = quote\n")
    const withEntry = checkLayers(importGraph(root), layers, [], ['core/text/quote.ts'])
    const without = checkLayers(importGraph(root), layers)
    rmSync(join(root, 'core/json/uses-entry.ts'))
    expect(withEntry).toEqual([])
    expect(without).toEqual([{rule: 'reach-in', from: 'core/json/uses-entry.ts', to: 'core/text/quote.ts'}])
  })
})

describe('the folder rules themselves', () => {
  const repository = mkdtempSync(join(tmpdir(), 'tama-dex-folder-rules-'))
  afterAll(() => rmSync(repository, {recursive: true, force: true}))
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(repository, path)), {recursive: true})
    writeFileSync(join(repository, path), text)
  }
  write('bench/lib/sets.ts', 'export const sets = 1\n')
  write('bench/run.ts', "import {train} from '../tools/ranking/train.js'\nexport const run = train\n")
  write('tools/ranking/train.ts', 'export const train = 1\n')
  write('test/bench/sets.test.ts', "import {sets} from '../../bench/lib/sets.js'\nexport const checked = sets\n")

  it('pass the benchmarks importing the build tools, and the benchmarks\' own tests importing them', () => {
    expect(forbiddenImports(repository, FOLDER_RULES)).toEqual([])
  })

  it.each([
    {name: 'a build tool importing a benchmark', path: 'tools/ranking/fit.ts', text: "import {sets} from '../../bench/lib/sets.js'\nexport const fit = sets\n"},
    {name: 'a build tool loading one on demand', path: 'tools/ranking/fit.ts', text: "export const fit = () => import('../../bench/lib/sets.js')\n"},
    {name: 'a product test importing a benchmark\'s type', path: 'test/core/model.test.ts', text: "import type {sets} from '../../bench/lib/sets.js'\nexport type Model = typeof sets\n"},
    {name: 'a test helper re-exporting one', path: 'test/helpers/sets.ts', text: "export {sets} from '../../bench/lib/sets.js'\n"},
  ])('fail on $name', ({path, text}) => {
    write(path, text)
    try {
      expect(forbiddenImports(repository, FOLDER_RULES)).toEqual([{from: path, to: 'bench/lib/sets.js'}])
    } finally {
      rmSync(join(repository, path))
    }
  })
})

describe('the layer check inside a folder with sub-folders', () => {
  const root = mkdtempSync(join(tmpdir(), 'tama-dex-sub-folders-'))
  afterAll(() => rmSync(root, {recursive: true, force: true}))
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), {recursive: true})
    writeFileSync(join(root, path), text)
  }
  write('core/text/index.ts', "export {quote} from './quote/index.js'\n")
  write('core/text/shared.ts', "export const MARK = '\"'\n")
  write('core/text/quote/index.ts', "export {quote} from './quote.js'\n")
  write('core/text/quote/quote.ts', "import {mark} from '../mark/index.js'\nexport const quote = (text: string) => mark(text)\n")
  write('core/text/mark/index.ts', "export {mark} from './mark.js'\n")
  write('core/text/mark/mark.ts', "import {MARK} from '../shared.js'\nexport const mark = (text: string) => `${MARK}${text}${MARK}`\n")

  const layers = [['core/json'], ['core/text']]
  const given = (path: string, text: string): Violation[] => {
    const before = existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : undefined
    write(path, text)
    try {
      return checkLayers(importGraph(root), layers)
    } finally {
      if (before === undefined) rmSync(join(root, path))
      else writeFileSync(join(root, path), before)
    }
  }

  it('passes sub-folders that import each other through their index.ts and share the files at the root', () => {
    expect(checkLayers(importGraph(root), layers)).toEqual([])
  })

  it.each([
    {
      name: "a sub-folder importing another's file",
      path: 'core/text/quote/bad.ts',
      text: "import {mark} from '../mark/mark.js'\nexport const bad = mark\n",
      want: [{rule: 'reach-in', from: 'core/text/quote/bad.ts', to: 'core/text/mark/mark.ts'}],
    },
    {
      name: "a file at the folder's root importing a sub-folder's file",
      path: 'core/text/bad.ts',
      text: "export {mark} from './mark/mark.js'\n",
      want: [{rule: 'reach-in', from: 'core/text/bad.ts', to: 'core/text/mark/mark.ts'}],
    },
    {
      name: "the folder's index.ts importing a sub-folder's file",
      path: 'core/text/index.ts',
      text: "export {quote} from './quote/quote.js'\n",
      want: [{rule: 'reach-in', from: 'core/text/index.ts', to: 'core/text/quote/quote.ts'}],
    },
    {
      name: 'another folder importing a sub-folder\'s index.ts',
      path: 'core/json/bad.ts',
      text: "import {quote} from '../text/quote/index.js'\nexport const bad = quote\n",
      want: [{rule: 'reach-in', from: 'core/json/bad.ts', to: 'core/text/quote/index.ts'}],
    },
    {
      name: 'two sub-folders importing each other through their index.ts',
      path: 'core/text/mark/bad.ts',
      text: "import type {quote} from '../quote/index.js'\nexport type Bad = typeof quote\n",
      want: [{rule: 'sub-folder-cycle', from: 'core/text/quote', to: 'core/text/mark'}],
    },
  ])('fails on $name', ({path, text, want}) => {
    expect(given(path, text)).toEqual(want)
  })
})
