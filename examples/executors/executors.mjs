// The executors for the example cassettes (examples/incus.yaml, examples/runtime.yaml),
// for `tama-dex execute --executors` and `tama-dex mcp --executors`:
//
//   INCUS_URL=https://incus.example.net:8443 INCUS_TOKEN=… \
//     tama-dex execute incus instance_get --input '{"name":"web1"}' --scope incus.read \
//     --executors examples/executors/executors.mjs
//
// Each API's base URL comes from an environment variable (a call fails, touching nothing,
// while it is unset); a bearer token is optional.

import {httpExecutor} from './http-executor.mjs'

/**
 * @param {string} urlVariable
 * @param {string} tokenVariable
 */
function register(urlVariable, tokenVariable) {
  const baseUrl = process.env[urlVariable]
  if (!baseUrl) {
    const unset = async () => {
      throw new Error(`${urlVariable} is not set: set it to the API's base URL and start again`)
    }
    return {execute: unset}
  }
  const token = process.env[tokenVariable]
  return {executor: httpExecutor, options: {baseUrl, headers: token ? {authorization: `Bearer ${token}`} : {}}}
}

/** @type {import('tama-dex').ExecutorMap} */
export const executors = {
  incus: register('INCUS_URL', 'INCUS_TOKEN'),
  runtime: register('RUNTIME_URL', 'RUNTIME_TOKEN'),
}
