import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {openIndex, type TamaIndex} from '../../../src/core/host-index/index.js'
import {handleExecute} from '../../../src/core/mcp/index.js'
import {profileDocument} from '../../helpers/documents.js'

let index: TamaIndex

/** Operations destructive by default or by a rule whose message says, or repeats, that they need confirmation. */
const MESSAGES: Readonly<Record<string, string | undefined>> = {
  purge: undefined,
  wipe: 'wipe needs confirmation.',
  erase: 'erase needs confirmation: it erases every disk',
  drop: 'Dropping a table loses its rows',
}

beforeAll(async () => {
  index = openIndex({path: ':memory:'})
  const document = profileDocument('Store', Object.keys(MESSAGES).map((id) => ({id, method: 'delete', destructive: true, scopes: ['store.write']})))
  for (const [id, message] of Object.entries(MESSAGES)) {
    if (message !== undefined) ((document.paths as Record<string, Record<string, Record<string, unknown>>>)[`/${id}`]!.delete!)['x-tama-confirmation'] = {message}
  }
  await index.load(document, {cassette: 'store'})
})

afterAll(() => index.close())

describe('the MCP execute tool asking for confirmation', () => {
  it.each([
    {operation: 'purge', want: 'store/purge needs confirmation. To proceed, call again with confirm: true.'},
    {operation: 'wipe', want: 'store/wipe needs confirmation. To proceed, call again with confirm: true.'},
    {operation: 'erase', want: 'store/erase needs confirmation. It erases every disk. To proceed, call again with confirm: true.'},
    {operation: 'drop', want: 'store/drop needs confirmation. Dropping a table loses its rows. To proceed, call again with confirm: true.'},
  ])('says each sentence once for $operation', async ({operation, want}) => {
    const answer = await handleExecute(index, {cassette: 'store', operation_id: operation, input: {}}, {scopes: ['store.write']}, {})
    expect(answer).toMatchObject({error: {kind: 'confirmation_required', dispatched: false, message: want}})
    expect((answer as {error: {message: string}}).error.message.match(/needs confirmation/g)).toHaveLength(1)
  })
})
