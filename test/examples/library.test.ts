import {join} from 'node:path'

import {describe, expect, it} from 'vitest'

import {PROJECT_ROOT, runProcess} from '../helpers/cli.js'

describe.each([
  {
    example: 'examples/library/adopt.mjs',
    want: ['adopted 303 of 303 operations from Swagger 2.0 to OpenAPI 3.1.0, 6 warnings', 'wrote 3.1.0 document incus.yaml', ''],
  },
  {
    example: 'examples/library/execute.mjs',
    want: ['executor: delete /1.0/instances/{name} for session session-7, scopes incus.read incus.write', 'Deleting instance web1', ''],
  },
  {
    example: 'examples/library/mcp-tools.mjs',
    want: ['tools: search, execute', 'search: incus instances_get', 'execute: {"name":"web1","status":"Running","session":"s-1"}', ''],
  },
  {
    example: 'examples/library/telemetry.mjs',
    want: ['tama-dex:load ok in a measured time', 'tama-dex:search ok in a measured time', ''],
  },
])('$example', ({example, want}) => {
  it('runs as written', async () => {
    const result = await runProcess(process.execPath, [join(PROJECT_ROOT, example)])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout.split('\n')).toEqual(want)
  })
})
