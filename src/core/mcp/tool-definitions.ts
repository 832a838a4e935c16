import {REMEDY_KINDS} from '../errors/index.js'
import type {CallerReach} from '../search/index.js'

const DIALECT = 'https://json-schema.org/draft/2020-12/schema'

/** An MCP tool definition as plain data; the MCP server lists these unchanged. */
export interface ToolDefinition {
  readonly name: 'search' | 'execute'
  readonly title: string
  readonly description: string
  readonly inputSchema: Readonly<Record<string, unknown>> & {readonly type: 'object'}
  readonly outputSchema: Readonly<Record<string, unknown>> & {readonly type: 'object'}
  readonly annotations: Readonly<{
    title?: string
    readOnlyHint?: boolean
    destructiveHint?: boolean
    idempotentHint?: boolean
    openWorldHint?: boolean
  }>
}

const NAME = {type: 'string', minLength: 1, maxLength: 128}

const PROBLEM = {
  type: 'object',
  properties: {source: {type: 'string'}, pointer: {type: 'string'}, message: {type: 'string'}},
  required: ['pointer', 'message'],
}

/** A failure before anything ran: fix the call and try again. */
const ERROR = {
  type: 'object',
  description: 'Nothing ran. Fix the call as the message says and try again.',
  properties: {
    kind: {type: 'string', description: 'not_found, confirmation_required, invalid_input, not_ready, no_executor, usage, ...'},
    message: {type: 'string'},
    dispatched: {const: false},
    problems: {type: 'array', items: PROBLEM, description: 'Each problem located by a JSON Pointer into the arguments or the input.'},
    details: {type: 'object'},
    remedy: {
      type: 'object',
      description:
        'What to do, as data; the message says it in words. search: find the operations you can see with the search tool. confirm: once the user agrees, call again with `confirm` (true when `echo` is null, else the value of input field `echo`; `missing`: send that field too). install-first: the host must install a cassette. Other kinds are for the host.',
      properties: {kind: {enum: [...REMEDY_KINDS]}},
      required: ['kind'],
    },
  },
  required: ['kind', 'message', 'dispatched'],
}

// Where a value may be of two types, each is a branch of its own (anyOf), never a `type`
// array: clients that map tool schemas onto a single-type dialect read branches.
const CONFIRMATION = {
  description: 'null: no confirmation needed. Otherwise when a call needs confirming and how (see the execute tool).',
  anyOf: [
    {type: 'null'},
    {
      type: 'object',
      properties: {
        when: {enum: ['always', 'conditional'], description: 'conditional: only for some inputs; execute says so when it applies.'},
        echo: {anyOf: [{type: 'string'}, {type: 'null'}], description: 'Confirm with the value of this input field; null: confirm with true.'},
        message: {type: 'string'},
      },
      required: ['when', 'echo', 'message'],
    },
  ],
}

const SEARCH_RESULT = {
  type: 'object',
  properties: {
    cassette: {type: 'string', description: 'The group of operations this one belongs to; pass it to execute.'},
    operation_id: {type: 'string', description: 'Pass it to execute with the cassette.'},
    summary: {type: 'string'},
    score: {type: 'number', description: 'Higher is a better match; only comparable within one answer.'},
    confidence: {type: 'number', minimum: 0, maximum: 1, description: 'How likely this operation does what you asked, comparable across searches.'},
    nearest: {const: true, description: 'Present when match is none: only the nearest operation, not one that does what you asked.'},
    destructive: {type: 'boolean', description: 'true: its effect cannot be undone.'},
    confirmation: CONFIRMATION,
    input_schema: {
      anyOf: [{type: 'object'}, {type: 'boolean'}],
      description: 'The JSON Schema of the input execute expects (on the top results only).',
    },
  },
  required: ['cassette', 'operation_id', 'summary', 'score', 'confidence', 'destructive', 'confirmation'],
}

const SEARCH_TOOL: ToolDefinition = deepFreeze({
  name: 'search',
  title: 'Search operations',
  description: [
    'Find operations you can run with the execute tool.',
    'Describe what you want to do in a few plain words (for example "list instances" or "delete a snapshot"); results come best match first.',
    'Each result names a `cassette` (the group of operations it belongs to) and an `operation_id`: pass both, unchanged, to execute.',
    'The top results also carry `input_schema`, the JSON Schema of the `input` object execute expects; to see the schema of a lower result, search again with more specific words.',
    '`destructive: true` marks operations whose effect cannot be undone, and `confirmation` says when a call needs the user\'s confirmation and how to give it (see execute).',
    'Only operations you are allowed to run are listed. Narrow the search to some cassettes with `cassettes`.',
    '`match` says whether the best result likely does what you asked: `confident`, `possible` (check its summary first), or `none`: nothing you can run does it, the results are only the nearest, and `cassettes` lists what you can search (each with its title), so rephrase or tell the user it cannot be done here rather than calling a result.',
  ].join(' '),
  inputSchema: {
    $schema: DIALECT,
    type: 'object',
    properties: {
      query: {type: 'string', minLength: 1, maxLength: 1024, description: 'What you want to do, in plain words.'},
      limit: {type: 'integer', minimum: 1, maximum: 50, description: 'How many results at most (default 10).'},
      cassettes: {type: 'array', items: NAME, maxItems: 64, description: 'Search only these cassettes.'},
    },
    required: ['query'],
    additionalProperties: false,
  },
  outputSchema: {
    $schema: DIALECT,
    type: 'object',
    properties: {
      match: {enum: ['confident', 'possible', 'none'], description: 'Whether the best result likely does what you asked; none: nothing you can run does.'},
      results: {type: 'array', items: SEARCH_RESULT},
      cassettes: {
        type: 'array',
        description: 'When match is none: the cassettes holding operations you can run, each with what it says it is.',
        items: {type: 'object', properties: {cassette: {type: 'string'}, title: {type: 'string'}}, required: ['cassette']},
      },
      error: ERROR,
    },
    oneOf: [{required: ['match', 'results']}, {required: ['error']}],
  },
  annotations: {title: 'Search operations', readOnlyHint: true, openWorldHint: false},
})

const EXECUTE_TOOL: ToolDefinition = deepFreeze({
  name: 'execute',
  title: 'Execute an operation',
  description: [
    'Run one operation found with the search tool.',
    'Pass `cassette` and `operation_id` exactly as search returned them, and `input`: a JSON object valid against the operation\'s `input_schema`.',
    'Some operations need the user\'s confirmation (search shows `confirmation`): the call then answers error kind `confirmation_required` with a message to show the user.',
    'Once the user agrees, call again with `confirm: true`, or, when the rule names an `echo` field, with `confirm` set to the value of that input field (the name of the thing being deleted, say).',
    'An `error` means nothing ran (`dispatched: false`): not_found (check the suggestions, or search), confirmation_required, invalid_input (each problem has a JSON Pointer into the input), not_ready, no_executor, or execution_failed with details.reason not_sent (the executor refused it before sending anything); fix the call and try again.',
    'An `operation_error` with `dispatched: true` means the call reached the system and may have taken effect: do not simply retry; check the current state first (with a read operation, say), then decide.',
  ].join(' '),
  inputSchema: {
    $schema: DIALECT,
    type: 'object',
    properties: {
      cassette: {...NAME, description: 'The cassette named by the search result.'},
      operation_id: {...NAME, description: 'The operation_id named by the search result.'},
      input: {type: 'object', description: 'The operation\'s input, valid against its input_schema. Default {}.'},
      confirm: {
        anyOf: [{type: 'boolean'}, {type: 'string'}],
        description: 'Only after the user agreed: true, or the value of the input field the confirmation rule echoes.',
      },
    },
    required: ['cassette', 'operation_id'],
    additionalProperties: false,
  },
  outputSchema: {
    $schema: DIALECT,
    type: 'object',
    properties: {
      result: {description: 'What the operation returned (any JSON value).'},
      error: ERROR,
      operation_error: {
        type: 'object',
        description: 'The call was dispatched and may have taken effect: check the current state before deciding to call again.',
        properties: {kind: {type: 'string'}, message: {type: 'string'}, dispatched: {type: 'boolean'}, details: {type: 'object'}},
        required: ['kind', 'message', 'dispatched'],
      },
    },
    oneOf: [{required: ['result']}, {required: ['error']}, {required: ['operation_error']}],
  },
  annotations: {title: 'Execute an operation', destructiveHint: true, openWorldHint: true},
})

/** The search tool's definition (frozen). */
export function searchTool(): ToolDefinition {
  return SEARCH_TOOL
}

/**
 * The execute tool's definition (frozen): as it stands for every caller, or, given what
 * one caller's scopes reach, annotated for them. Not destructive for a caller who reaches
 * no destructive operation, and read-only for one who reaches none at all: a client then
 * need not prompt on every call of a tool that cannot harm.
 */
export function executeTool(reach?: CallerReach): ToolDefinition {
  if (reach === undefined || reach.destructive) return EXECUTE_TOOL
  return reach.operations ? EXECUTE_TOOL_NOTHING_DESTRUCTIVE : EXECUTE_TOOL_NOTHING_REACHED
}

const EXECUTE_TOOL_NOTHING_DESTRUCTIVE = deepFreeze({...EXECUTE_TOOL, annotations: {...EXECUTE_TOOL.annotations, destructiveHint: false}})
const EXECUTE_TOOL_NOTHING_REACHED = deepFreeze({...EXECUTE_TOOL, annotations: {...EXECUTE_TOOL.annotations, readOnlyHint: true, destructiveHint: false}})

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const item of Object.values(value)) deepFreeze(item)
    Object.freeze(value)
  }
  return value
}
