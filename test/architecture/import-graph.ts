import {readFileSync, readdirSync} from 'node:fs'
import {dirname, join, posix, relative, sep} from 'node:path'

import ts from 'typescript'

import type {Allowance, FolderRule, Rule} from './layers.js'

/** One relative import between two files of src/, paths relative to src/ with / separators. */
export interface ImportEdge {
  readonly from: string
  readonly to: string
}

export interface Violation {
  readonly rule: Rule
  readonly from: string
  readonly to: string
}

/** Every relative import (static, re-export, dynamic and `import type`) between the .ts files under `root`. */
export function importGraph(root: string): ImportEdge[] {
  const edges: ImportEdge[] = []
  for (const file of tsFiles(root)) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    for (const {fileName} of info.importedFiles) {
      if (!fileName.startsWith('.')) continue
      const target = join(dirname(file), fileName).replace(/\.js$/, '.ts')
      edges.push({from: srcPath(root, file), to: srcPath(root, target)})
    }
  }
  return edges
}

/** The packages each file under `root` imports (bare specifiers), paths relative to `root`. */
export function packageImports(root: string): Array<{readonly from: string; readonly to: string}> {
  return tsFiles(root).flatMap((file) =>
    ts
      .preProcessFile(readFileSync(file, 'utf8'), true, true)
      .importedFiles.filter(({fileName}) => !fileName.startsWith('.'))
      .map(({fileName}) => ({from: srcPath(root, file), to: fileName})),
  )
}

/** The package's entry points and the tools' door (internal.ts), the only files at the top of src/. */
const ENTRY_FILES: readonly string[] = ['index.ts', 'mcp.ts', 'internal.ts']

/** The folder a file of src/ belongs to, as LAYERS names it; a loose file at the top is a folder of its own, which LAYERS never lists. */
function folderOf(file: string): string {
  const parts = file.split('/')
  if (parts[0] === 'core') return `core/${parts[1]}`
  if (parts.length === 1) return ENTRY_FILES.includes(file) ? 'entries' : file
  return parts[0]!
}

/** The .ts files at the top of `root` other than the entries: each belongs in a folder. */
export function looseFiles(root: string): string[] {
  return readdirSync(root, {withFileTypes: true})
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !ENTRY_FILES.includes(entry.name))
    .map((entry) => entry.name)
}

/**
 * The sub-folder of a core folder a file is in (core/cassette/read for
 * core/cassette/read/open.ts), or undefined for a file at the folder's root.
 */
function subFolderOf(file: string): string | undefined {
  const parts = file.split('/')
  return parts[0] === 'core' && parts.length > 3 ? parts.slice(0, 3).join('/') : undefined
}

/**
 * What breaks the layer rules: an import of a folder beside or above the importer, a
 * core folder's file imported from outside it other than through its index.ts or one of
 * `entries`, a sub-folder's file imported from elsewhere in its folder other than through
 * the sub-folder's index.ts, a folder LAYERS does not list, a cycle of files and a cycle of
 * sub-folders. Allowances filter the result.
 */
export function checkLayers(
  edges: readonly ImportEdge[],
  layers: ReadonlyArray<readonly string[]>,
  allowances: readonly Allowance[] = [],
  entries: readonly string[] = [],
): Violation[] {
  const layerOf = new Map(layers.flatMap((folders, index) => folders.map((folder) => [folder, index] as const)))
  const found: Violation[] = []
  const unlisted = new Set<string>()
  for (const {from, to} of edges) {
    for (const file of [from, to]) {
      const folder = folderOf(file)
      if (!layerOf.has(folder) && !unlisted.has(folder)) {
        unlisted.add(folder)
        found.push({rule: 'unlisted-folder', from: folder, to: folder})
      }
    }
    const source = folderOf(from)
    const target = folderOf(to)
    if (source === target) {
      const subFolder = subFolderOf(to)
      if (subFolder !== undefined && subFolderOf(from) !== subFolder && to !== `${subFolder}/index.ts`) found.push({rule: 'reach-in', from, to})
      continue
    }
    const sourceLayer = layerOf.get(source)
    const targetLayer = layerOf.get(target)
    if (sourceLayer === undefined || targetLayer === undefined) continue
    // Layers are listed top first: a lower layer has a larger index.
    if (targetLayer < sourceLayer) found.push({rule: 'back-edge', from, to})
    else if (targetLayer === sourceLayer) found.push({rule: 'same-layer', from, to})
    if (target.startsWith('core/') && to !== `${target}/index.ts` && !entries.includes(to)) found.push({rule: 'reach-in', from, to})
  }
  found.push(...cycles(edges, 'file-cycle'), ...cycles(subFolderEdges(edges), 'sub-folder-cycle'))
  return found.filter((violation) => !allowances.some((allowance) => allows(allowance, violation)))
}

/** The allowances that let no violation pass: stale, to be dropped. */
export function unusedAllowances(edges: readonly ImportEdge[], layers: ReadonlyArray<readonly string[]>, allowances: readonly Allowance[]): Allowance[] {
  const all = checkLayers(edges, layers)
  return allowances.filter((allowance) => !all.some((violation) => allows(allowance, violation)))
}

function allows(allowance: Allowance, violation: Violation): boolean {
  return (
    allowance.rule === violation.rule &&
    folderOf(violation.from) === allowance.from &&
    (allowance.to === '*' || folderOf(violation.to) === allowance.to)
  )
}

/** The imports from one sub-folder to another of the same core folder, once each. */
function subFolderEdges(edges: readonly ImportEdge[]): ImportEdge[] {
  const between = new Map<string, ImportEdge>()
  for (const {from, to} of edges) {
    const [source, target] = [subFolderOf(from), subFolderOf(to)]
    if (source !== undefined && target !== undefined && source !== target) between.set(`${source} ${target}`, {from: source, to: target})
  }
  return [...between.values()]
}

/** One violation per cycle of imports (among files, or among sub-folders), named by the edge that closes it. */
function cycles(edges: readonly ImportEdge[], rule: Rule): Violation[] {
  const next = new Map<string, string[]>()
  for (const {from, to} of edges) next.set(from, [...(next.get(from) ?? []), to])
  const state = new Map<string, 'open' | 'done'>()
  const found: Violation[] = []
  const visit = (node: string): void => {
    state.set(node, 'open')
    for (const target of next.get(node) ?? []) {
      const seen = state.get(target)
      if (seen === 'open') found.push({rule, from: node, to: target})
      else if (seen === undefined) visit(target)
    }
    state.set(node, 'done')
  }
  for (const node of [...next.keys()].sort()) if (!state.has(node)) visit(node)
  return found
}

/** Every .ts file under `directory` (and .mjs, with `withMjs`), sorted. */
export function tsFiles(directory: string, withMjs = false): string[] {
  return readdirSync(directory, {withFileTypes: true}).flatMap((entry) => {
    const path = join(directory, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name.startsWith('.') ? [] : tsFiles(path, withMjs)
    return entry.name.endsWith('.ts') || (withMjs && entry.name.endsWith('.mjs')) ? [path] : []
  })
}

/**
 * Every relative import (static, re-export, dynamic and `import type`) of the .ts and .mjs
 * files under `folders` of `repository`, paths from `repository`, a file of src/ by its .ts name.
 */
function repositoryImports(repository: string, folders: readonly string[]): ImportEdge[] {
  return folders.flatMap((folder) =>
    tsFiles(join(repository, folder), true).flatMap((file) =>
      ts
        .preProcessFile(readFileSync(file, 'utf8'), true, true)
        .importedFiles.filter(({fileName}) => fileName.startsWith('.'))
        .map(({fileName}) => ({from: srcPath(repository, file), to: srcPath(repository, join(dirname(file), fileName)).replace(/^src\/(.*)\.js$/, 'src/$1.ts')})),
    ),
  )
}

/**
 * The imports (static and dynamic) from the files under `folders` of `repository` into its
 * src/ or dist/ that do not go through one of `doors` (`index`, `mcp`, `internal`): reach-ins
 * past the door the tools are given.
 */
export function toolReachIns(repository: string, folders: readonly string[], doors: readonly string[]): ImportEdge[] {
  const allowed = new Set(doors.flatMap((door) => [`src/${door}.ts`, `dist/${door}.js`]))
  return repositoryImports(repository, folders).filter(({to}) => /^(src|dist)\//.test(to) && !allowed.has(to))
}

/** The imports that break one of `rules`: from a file under its folder (not under an exception) into a folder it must never import. */
export function forbiddenImports(repository: string, rules: readonly FolderRule[]): ImportEdge[] {
  const under = (file: string, folder: string) => file.startsWith(`${folder}/`)
  return rules.flatMap(({folder, never, except = []}) =>
    repositoryImports(repository, [folder]).filter(({from, to}) => !except.some((skipped) => under(from, skipped)) && never.some((target) => under(to, target))),
  )
}

/** The names each file under `folders` imports from `door` (a path from `repository`, such as src/internal.ts or dist/internal.js). */
export function namesImportedFrom(repository: string, folders: readonly string[], doors: readonly string[]): Set<string> {
  const names = new Set<string>()
  for (const file of folders.flatMap((folder) => tsFiles(join(repository, folder), true))) {
    const text = readFileSync(file, 'utf8')
    for (const match of text.matchAll(/(?:import(?: type)? \{([^}]*)\} from|const \{([^}]*)\} = await import\()\s*'([^']+)'/g)) {
      const target = srcPath(repository, join(dirname(file), match[3]!)).replace(/^src\/(.*)\.js$/, 'src/$1.ts')
      if (!doors.includes(target)) continue
      for (const spec of (match[1] ?? match[2]!).split(',')) {
        const name = spec.trim().replace(/^type\s+/, '').split(/\s+as\s+|\s*:\s*/)[0]!
        if (name !== '') names.add(name)
      }
    }
  }
  return names
}

function srcPath(root: string, file: string): string {
  return posix.normalize(relative(root, file).split(sep).join('/'))
}
