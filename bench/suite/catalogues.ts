import {createHash} from 'node:crypto'
import {existsSync} from 'node:fs'
import {readdir, readFile, stat, writeFile} from 'node:fs/promises'
import path from 'node:path'

import {CORPUS, corpusFile} from '../../tools/ranking/corpus-documents.js'
import {adoptCorpus, type CorpusAdoption} from '../adopt-corpus.js'
import {progress} from './progress.js'

/** A profile document the benchmarks build, import and search, under its cassette name. */
export interface Catalogue {
  readonly name: string
  readonly document: string
}

/** The smoke run's one small catalogue: the Incus-style example shipped with the project. */
const SMOKE_CATALOGUE = 'examples/incus.yaml'
// Everything adoption's output depends on; a change to any of it re-adopts the corpus.
const ADOPTION_CODE = ['bench/adopt-corpus.ts', 'tools/ranking/corpus-documents.ts', 'src/core/adopt', 'src/core/profile', 'package-lock.json']

/**
 * The catalogues of a run. Full runs adopt the real corpus (bench/adopt-corpus.ts) into
 * `cacheDir` and reuse it while the corpus and the adoption code are unchanged; the smoke
 * run uses the small example document.
 */
export async function prepareCatalogues(repo: string, smoke: boolean, cacheDir: string): Promise<Catalogue[]> {
  if (smoke) return [{name: 'incus', document: path.join(repo, SMOKE_CATALOGUE)}]
  const stampFile = path.join(cacheDir, 'stamp.json')
  const fingerprint = await adoptionFingerprint(repo)
  const stamp = existsSync(stampFile) ? (JSON.parse(await readFile(stampFile, 'utf8')) as {fingerprint: string; adoptions: CorpusAdoption[]}) : undefined
  let adoptions = stamp?.adoptions
  if (stamp?.fingerprint !== fingerprint || !adoptions!.every((adoption) => existsSync(adoption.output))) {
    progress(`adopting the corpus into ${path.relative(repo, cacheDir)}/`)
    adoptions = await adoptCorpus(cacheDir)
    await writeFile(stampFile, `${JSON.stringify({fingerprint, adoptions}, null, 2)}\n`)
  } else {
    progress(`reusing the adopted corpus in ${path.relative(repo, cacheDir)}/`)
  }
  return adoptions!.map((adoption) => ({name: adoption.name, document: adoption.output}))
}

async function adoptionFingerprint(repo: string): Promise<string> {
  const files = await Promise.all(CORPUS.map((entry) => corpusFile(entry.name)))
  for (const entry of ADOPTION_CODE) files.push(...(await filesUnder(path.join(repo, entry))))
  const hash = createHash('sha256')
  for (const file of files) hash.update(`${path.relative(repo, file)}\0`).update(await readFile(file))
  return hash.digest('hex')
}

async function filesUnder(entry: string): Promise<string[]> {
  if (!(await stat(entry)).isDirectory()) return [entry]
  const found = await readdir(entry, {recursive: true, withFileTypes: true})
  return found.filter((dirent) => dirent.isFile()).map((dirent) => path.join(dirent.parentPath, dirent.name)).sort()
}
