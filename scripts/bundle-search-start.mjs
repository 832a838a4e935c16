// Rewrites dist/cli/search-start.js, the start of `tama-dex search`, as a few files holding
// the modules a search loads, our own and oclif's parser: Node 20 resolves, reads and
// links each module of a cold start on its own, and for a search that was most of its
// time over bare Node (docs/benchmarks.md#cli-cold-start). Run by `npm run build`, after tsc.
import {build} from 'esbuild'
import {readFileSync} from 'node:fs'
import {dirname, join, relative, sep} from 'node:path'
import {fileURLToPath} from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const dist = join(root, 'dist')
const entry = join(dist, 'cli', 'search-start.js')

// The packages every search loads, bundled with our code. The rest load as they are:
// better-sqlite3 is native, and the others load only for an API description given to --from.
const BUNDLED_PACKAGES = new Set(['@oclif/core', 'semver'])
const {dependencies} = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const packages = Object.keys(dependencies).filter((name) => !BUNDLED_PACKAGES.has(name))

// Modules that stay files of their own, imported from dist/ as every command imports them:
// the errors, whose classes the command's catch tells apart with instanceof, and modules
// that find files or packages from where they are, through import.meta.url.
const SEPARATE = [
  /^core\/errors\//,
  /^core\/cassette\/format\/tool-version\.js$/,
  /^core\/profile\/validate\/tama-extensions\.js$/,
  /^core\/profile\/parse\/yaml-library\.js$/,
  /^core\/host-index\/install-runner\.js$/,
]

const inDist = (file) => relative(dist, file).split(sep).join('/')
// Every bundled file is written beside the entry.
const outdir = dirname(entry)

/** Leaves SEPARATE modules as imports relative to outdir, where every bundled file is written. */
const separateModules = {
  name: 'separate-modules',
  setup(context) {
    context.onResolve({filter: /^\.\.?\//}, ({path, resolveDir}) => {
      const file = join(resolveDir, path)
      return SEPARATE.some((pattern) => pattern.test(inDist(file))) ? {path: relative(outdir, file).split(sep).join('/'), external: true} : undefined
    })
  },
}

const {metafile} = await build({
  absWorkingDir: root,
  entryPoints: [entry],
  outdir,
  allowOverwrite: true,
  // What only some searches need (--from) stays in files a plain search does not load.
  splitting: true,
  chunkNames: 'search-start-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // oclif's parser is CommonJS and requires Node's modules; an ES module has no require of its own.
  banner: {js: "import {createRequire as __bundleRequire} from 'node:module'; const require = __bundleRequire(import.meta.url);"},
  // Optional requires in oclif's code for TypeScript sources, which a built CLI never makes.
  external: [...packages, ...packages.map((name) => `${name}/*`), 'typescript', 'ts-node', 'source-map-support'],
  plugins: [separateModules],
  minifyWhitespace: true,
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
})

// A bundled module of ours would find its files from the bundle's place, not its own.
const misplaced = Object.keys(metafile.inputs).filter((input) => {
  const file = join(root, input)
  return file.startsWith(dist + sep) && file !== entry && readFileSync(file, 'utf8').includes('import.meta')
})
if (misplaced.length > 0) {
  console.error(`bundle-search-start: import.meta is used by ${misplaced.join(', ')}: add it to SEPARATE in scripts/bundle-search-start.mjs.`)
  process.exit(1)
}
