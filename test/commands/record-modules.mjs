// Loaded with --import: appends the URL of every module file the process imports to the
// file named by $TAMA_TEST_MODULES, one a line, so that a test can say what a command loaded.
import {register} from 'node:module'

register('data:text/javascript,' + encodeURIComponent(`
import {appendFileSync} from 'node:fs'
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context)
  if (resolved.url.startsWith('file:')) appendFileSync(process.env.TAMA_TEST_MODULES, resolved.url + '\\n')
  return resolved
}`))
