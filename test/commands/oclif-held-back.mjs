// Loaded with --import: holds back the import of oclif's main module for good, so that
// whatever a command's process writes can only come from what ran before oclif loaded.
import {register} from 'node:module'

register('data:text/javascript,' + encodeURIComponent(`
export async function resolve(specifier, context, next) {
  if (specifier === '@oclif/core') await new Promise(() => setInterval(() => undefined, 60_000))
  return next(specifier, context)
}`))
