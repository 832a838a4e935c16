import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {Client} from '@modelcontextprotocol/client'
import {InMemoryTransport} from '@modelcontextprotocol/server'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {type TamaIndex, openIndex} from '../../../src/index.js'
import {type IndexLender, type ToolsIndex, executeTool} from '../../../src/core/mcp/index.js'
import {ListedTools} from '../../../src/core/mcp/listed-tools.js'
import {toolServerFactory} from '../../../src/core/mcp/tool-server.js'
import {runCli} from '../../helpers/cli.js'
import {FakeIndex} from './fake-index.js'

const EVERYONE = executeTool()
const NOTHING_DESTRUCTIVE = executeTool({operations: true, destructive: false})
const NOTHING_REACHED = executeTool({operations: false, destructive: false})

/** A fake index whose `reach` answers as given (or is missing, or throws). */
function reaching(reach: ToolsIndex['reach'] | 'missing'): ToolsIndex {
  const index = new FakeIndex() as unknown as {reach?: ToolsIndex['reach']} & ToolsIndex
  if (reach !== 'missing') index.reach = reach
  return index
}

describe('ListedTools', () => {
  describe.each([
    {given: 'an index that reaches destructive operations', index: reaching(() => ({operations: true, destructive: true})), want: EVERYONE},
    {given: 'an index that reaches operations, none destructive', index: reaching(async () => ({operations: true, destructive: false})), want: NOTHING_DESTRUCTIVE},
    {given: 'an index that reaches nothing', index: reaching(() => ({operations: false, destructive: false})), want: NOTHING_REACHED},
    {given: 'a host index without reach', index: reaching('missing'), want: EVERYONE},
    {given: 'a reach that throws', index: reaching(() => { throw new Error('disk gone') }), want: EVERYONE},
    {given: 'a lender that fails', index: (async () => { throw new Error('no index yet') }) as IndexLender, want: EVERYONE},
  ])('given $given', ({index, want}) => {
    it('lists search, then execute annotated for what the caller reaches (the most it could claim when the index cannot say)', async () => {
      const [search, execute] = await new ListedTools(index, {scopes: ['a.read']}, 0).list()
      expect(search!.name).toBe('search')
      expect(execute).toBe(want)
    })
  })

  it('asks the index with the caller\'s scopes', async () => {
    const asked: unknown[] = []
    await new ListedTools(reaching((options) => (asked.push(options), {operations: true, destructive: true})), {scopes: ['a.read', 'b.write']}, 0).list()
    expect(asked).toEqual([{scopes: ['a.read', 'b.write']}])
  })

  it('says the list changed once what the caller reaches does, not before a first list, and not again until it changes again', async () => {
    let reach = {operations: true, destructive: false}
    const listed = new ListedTools(reaching(() => reach), {scopes: []}, 0)
    reach = {operations: true, destructive: true}
    expect(await listed.changed()).toBe(false)
    await listed.list()
    expect(await listed.changed()).toBe(false)
    reach = {operations: false, destructive: false}
    expect([await listed.changed(), await listed.changed()]).toEqual([true, false])
  })

  it('does not ask the index again within recheckMs of the last answer', async () => {
    let asked = 0
    const listed = new ListedTools(reaching(() => (asked++, {operations: true, destructive: true})), {scopes: []}, 60_000)
    await listed.list()
    expect([await listed.changed(), asked]).toEqual([false, 1])
  })
})

describe('a lasting session told its list changed', () => {
  let dir: string
  let path: string
  let index: TamaIndex

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tama-listed-'))
    path = join(dir, 'index.sqlite3')
    expect((await runCli(['index', 'load', 'examples/runtime.yaml', '--cassette', 'runtime', '--index', path])).code).toBe(0)
    index = openIndex({path, readonly: true})
  })

  afterAll(() => {
    index.close()
    rmSync(dir, {recursive: true, force: true})
  })

  it('hears notifications/tools/list_changed after the call that follows a cassette installed or removed, and lists the new annotations', async () => {
    const tools = toolServerFactory(index, {scopes: ['runtime.read', 'incus.read', 'incus.write']}, {lasting: true, recheckMs: 0})
    const [near, far] = InMemoryTransport.createLinkedPair()
    await tools().connect(far)
    const client = new Client({name: 'tama-dex-test', version: '0.0.0'})
    let told = 0
    client.setNotificationHandler('notifications/tools/list_changed', () => void told++)
    await client.connect(near)
    const annotated = async () => (await client.listTools()).tools[1]!.annotations!.destructiveHint
    const toldAfterSearch = async (want: number) => {
      await client.callTool({name: 'search', arguments: {query: 'list sessions'}})
      await expect.poll(() => told).toBe(want)
    }
    try {
      expect(client.getServerCapabilities()?.tools).toEqual({listChanged: true})
      expect(await annotated()).toBe(false)
      await toldAfterSearch(0)
      expect((await runCli(['index', 'load', 'examples/incus.yaml', '--cassette', 'incus', '--index', path])).code).toBe(0)
      await toldAfterSearch(1)
      expect(await annotated()).toBe(true)
      expect((await runCli(['index', 'remove', 'incus', '--index', path])).code).toBe(0)
      await toldAfterSearch(2)
      expect(await annotated()).toBe(false)
    } finally {
      await client.close()
    }
  })
})
