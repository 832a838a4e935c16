import {Client} from '@modelcontextprotocol/client'
import {Ajv2020} from 'ajv/dist/2020.js'

import {executeTool, searchTool} from '../../../src/core/mcp/index.js'

// What the tests of every MCP transport share: the tools' output checks, and the v2 client
// on a chosen revision, asking its user when given how the user answers.

/** The two tools' output schemas, compiled: each tools/call answer must pass its tool's. */
export const TOOL_OUTPUTS = (() => {
  const ajv = new Ajv2020()
  return {search: ajv.compile(searchTool().outputSchema), execute: ajv.compile(executeTool().outputSchema)}
})()

/** What a caller holding only `incus.read` reaches in the tests' Incus cassette: operations, none of them destructive. */
export const READER_REACH = Object.freeze({operations: true, destructive: false})

/** The revisions a test connects with: legacy 2025-11-25 (the client's default), modern 2026-07-28. */
export type Revision = 'legacy' | 'modern'

/** What the test's user answers a confirmation question. */
export type UserAnswer = {action: 'accept' | 'decline'; content?: {confirm: boolean}}

/** The v2 client on `revision`, not yet connected; with `user`, it can ask its user (answering as given). */
export function v2Client(revision: Revision, user?: (message: string) => UserAnswer): Client {
  const client = new Client(
    {name: 'tama-dex-test', version: '0.0.0'},
    {...(user === undefined ? {} : {capabilities: {elicitation: {form: {}}}}), ...(revision === 'modern' ? {versionNegotiation: {mode: {pin: '2026-07-28'}}} : {})},
  )
  if (user !== undefined) client.setRequestHandler('elicitation/create', async (request) => user(request.params.message))
  return client
}
