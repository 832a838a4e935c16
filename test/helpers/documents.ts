/** Builds small, valid tama-operations/1 documents in code, for tests that need many variants. */
export interface OperationSpec {
  readonly id: string
  readonly summary?: string
  readonly scopes?: readonly string[]
  readonly method?: string
  readonly path?: string
  readonly destructive?: boolean
}

export function profileDocument(title: string, operations: readonly OperationSpec[], version = '1.0.0'): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const op of operations) {
    const path = op.path ?? `/${op.id}`
    paths[path] ??= {}
    paths[path]![op.method ?? 'get'] = {
      operationId: op.id,
      summary: op.summary ?? `Run ${op.id}`,
      'x-tama-scopes': [...(op.scopes ?? [])],
      ...(op.destructive === undefined ? {} : {'x-tama-destructive': op.destructive}),
      responses: {'200': {description: 'OK'}},
    }
  }
  return {openapi: '3.1.0', 'x-tama-profile': 'tama-operations/1', info: {title, version}, paths}
}

/** A document with `count` operations, for tests that need an install to take a while. */
export function largeDocument(title: string, count: number): Record<string, unknown> {
  const words = ['instance', 'image', 'network', 'volume', 'snapshot', 'profile', 'project', 'cluster', 'member', 'certificate']
  const operations = Array.from({length: count}, (_, i) => ({
    id: `op_${i}`,
    summary: `Manage ${words[i % words.length]} number ${i} of the ${words[(i * 7) % words.length]} pool`,
    scopes: i % 3 === 0 ? ['admin'] : [],
  }))
  return profileDocument(title, operations)
}

export interface BodyDocumentOptions {
  readonly schemas?: Record<string, unknown>
  /** The operation's confirmation `when` schema. */
  readonly when?: unknown
  readonly destructive?: boolean
  readonly parameters?: unknown[]
}

/** A profile document with one operation, `op` (POST /op), whose JSON body is `body`. */
export function bodyDocument(body: unknown, options: BodyDocumentOptions = {}): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    'x-tama-profile': 'tama-operations/1',
    info: {title: 'body', version: '1.0.0'},
    paths: {
      '/op': {
        post: {
          operationId: 'op',
          summary: 'Run the operation',
          'x-tama-scopes': [],
          ...(options.destructive === undefined ? {} : {'x-tama-destructive': options.destructive}),
          ...(options.when === undefined ? {} : {'x-tama-confirmation': {when: options.when, message: 'Sure?'}}),
          ...(options.parameters === undefined ? {} : {parameters: options.parameters}),
          requestBody: {required: true, content: {'application/json': {schema: body}}},
          responses: {'200': {description: 'OK'}},
        },
      },
    },
    ...(options.schemas === undefined ? {} : {components: {schemas: options.schemas}}),
  }
}
