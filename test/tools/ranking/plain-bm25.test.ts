import {describe, expect, it} from 'vitest'

import {PlainBm25, plainText} from '../../../tools/ranking/plain-bm25.js'
import {record} from '../../core/search/catalogue.js'

// The reference ranking's operation text: the same words search indexes, each summary once.
describe('plainText', () => {
  it.each([
    {
      why: 'a summary of its own (real API descriptions) is counted',
      given: record({operationId: 'repos/get', summary: 'Get a repository', description: 'The parent and source objects are present.', tags: ['repos'], inputSchema: {type: 'object', properties: {owner: {}}}}),
      want: 'repos/get Get a repository The parent and source objects are present. repos owner',
    },
    {
      why: 'a summary the description begins with (the public sets) is not counted twice',
      given: record({operationId: 'WeatherTool', summary: 'Latest weather.', description: 'Latest weather. For any city.', tags: ['WeatherTool']}),
      want: 'WeatherTool Latest weather. For any city. WeatherTool',
    },
    {
      why: 'a summary that only repeats the id is not counted twice',
      given: record({operationId: 'Get_Order', summary: 'Get_Order', description: ' '}),
      want: 'Get_Order  ',
    },
  ])('$why', ({given, want}) => {
    expect(plainText(given)).toBe(want)
  })
})

describe('PlainBm25', () => {
  it('ranks the document holding the rarer query word first, ties in corpus order', () => {
    const bm25 = new PlainBm25([
      {id: 'a', text: 'list instances'},
      {id: 'b', text: 'list images'},
      {id: 'c', text: 'list instances again'},
      {id: 'd', text: 'delete networks'},
    ])
    expect(bm25.search('list images', 3)).toEqual(['b', 'a', 'c'])
    expect(bm25.search('networks', 10)).toEqual(['d'])
    expect(bm25.search('nothing here', 10)).toEqual([])
  })
})
