import {type ElicitRequestFormParams, type InputRequiredResult, type RequestStateCodec, type Server, type ServerContext, inputRequired, inputResponse} from '@modelcontextprotocol/server'

import {canonicalJson, sha256Hex} from '../cassette/index.js'
import {TamaError} from '../errors/index.js'
import {echoedValue} from '../execute/index.js'
import {isObject} from '../json/index.js'
import {clientCanAskUser, clientDeclaresNothing} from './revisions/index.js'
import {type IndexLender, type ToolCallOptions, type ToolCallResult, type ToolsIndex, callTool, toolResult} from './tool-call.js'
import {toToolError} from './tool-failure.js'
import type {ToolError} from './tool-index.js'

/** What a round of user confirmation is sealed to: the call it confirms (cassette, operation, input), by digest. */
export interface ConfirmedCall {
  readonly call: string
}

/** The MCP server answering this call, its context, and the codec sealing a round to its call. */
export interface ConfirmationRound {
  readonly server: Server
  readonly ctx: ServerContext
  readonly rounds: RequestStateCodec<ConfirmedCall>
}

// The key of the question in inputRequests / inputResponses.
const QUESTION = 'confirm'

/** What the user is asked for: a yes or no. */
const ANSWER_SCHEMA: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: {confirm: {type: 'boolean', title: 'Run it', description: 'Yes runs the operation; no runs nothing.'}},
  required: ['confirm'],
}

/**
 * Execute for a host where the user, not the agent, confirms: destructive operations and
 * those whose confirmation rule applies to this input are asked of the user through the
 * protocol (an `input_required` result, which the SDK turns into an elicitation on
 * 2025-11-25) with the rule's message and the echoed value, and run only once the user
 * accepts. An agent's own `confirm` is refused; so is the call when the client cannot ask.
 */
export async function executeConfirmedByUser(
  index: ToolsIndex | IndexLender,
  args: unknown,
  options: ToolCallOptions,
  {server, ctx, rounds}: ConfirmationRound,
): Promise<ToolCallResult | InputRequiredResult> {
  if (isObject(args) && args.confirm !== undefined) {
    return refused('This host requires the user\'s own confirmation, so `confirm` from the agent is not accepted; nothing ran. Call execute again without `confirm`: the user will be asked.')
  }
  // Destructive operations are confirmed too: the user, not the agent, decides what cannot be undone.
  const call = {signal: ctx.mcpReq.signal, confirmDestructive: true}
  const unconfirmed = await callTool(index, 'execute', args, options, call)
  const needed = confirmationNeeded(unconfirmed)
  // Nothing to confirm (it ran, or failed for another reason), or the agent must first send the echoed field.
  if (needed === undefined || !isObject(args)) return unconfirmed
  const input = isObject(args.input) ? args.input : {}
  const sealed = callDigest(args)
  const answer = inputResponse(ctx.mcpReq.inputResponses, QUESTION)
  if (answer.kind === 'elicit' && ctx.mcpReq.requestState<ConfirmedCall>()?.call === sealed) {
    if (answer.action !== 'accept' || answer.content?.confirm !== true) return refused('The user did not confirm this call; nothing ran. Do not call it again unless the user asks for it.')
    const confirm = needed.echo === null ? true : echoedValue(input, needed.echo)
    return callTool(index, 'execute', {...args, confirm}, options, call)
  }
  if (clientDeclaresNothing(server, ctx)) {
    return refused('This host requires the user\'s confirmation for this operation, and this connection cannot ask the user (the 2025-11-25 revision over stateless HTTP has no way back for the question); nothing ran. Connect with the 2026-07-28 revision, or over stdio.')
  }
  if (!clientCanAskUser(server, ctx)) {
    return refused('This host requires the user\'s confirmation for this operation, and this client cannot ask the user (it does not support elicitation); nothing ran. Use a client that can ask its user, or a host that lets the agent confirm.')
  }
  return inputRequired({
    inputRequests: {[QUESTION]: inputRequired.elicit({message: question(args, needed, input), requestedSchema: ANSWER_SCHEMA})},
    requestState: await rounds.mint({call: sealed}, ctx),
  })
}

/** The rule a confirmation_required answer names, when the user can satisfy it now (the echoed field was sent). */
function confirmationNeeded(answer: ToolCallResult): {readonly echo: string | null; readonly message: string} | undefined {
  const error = (answer.structuredContent as {error?: ToolError} | undefined)?.error
  if (error?.kind !== 'confirmation_required' || error.remedy?.kind !== 'confirm' || error.remedy.missing) return undefined
  const message = typeof error.details.message === 'string' ? error.details.message : ''
  return {echo: error.remedy.echo, message}
}

/** What the user is asked: which operation, the rule's message, and the value it echoes. */
function question(args: Readonly<Record<string, unknown>>, needed: {readonly echo: string | null; readonly message: string}, input: Readonly<Record<string, unknown>>): string {
  const echoed = needed.echo === null ? '' : ` ${needed.echo}: ${echoedValue(input, needed.echo)}.`
  return `Allow ${String(args.cassette)}/${String(args.operation_id)} to run? ${needed.message}${echoed}`
}

function callDigest(args: Readonly<Record<string, unknown>>): string {
  return sha256Hex(canonicalJson({cassette: args.cassette, operation_id: args.operation_id, input: args.input ?? {}}))
}

function refused(message: string): ToolCallResult {
  return toolResult({error: toToolError(new TamaError('confirmation_required', message))})
}
