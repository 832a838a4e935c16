import {describe, expect, it} from 'vitest'

import {terms, words} from '../../../src/core/search/text-analysis.js'

describe('words', () => {
  it.each([
    {given: 'instances_get', want: ['instances', 'get']},
    {given: 'getUserByID', want: ['get', 'user', 'by', 'id']},
    {given: 'HTTPServerError', want: ['http', 'server', 'error']},
    {given: 'repos/list-for-user', want: ['repos', 'list', 'for', 'user']},
    {given: '/1.0/instances/{name}', want: ['1', '0', 'instances', 'name']},
    {given: 'Café ＬＩＳＴ', want: ['cafe', 'list']},
    {given: 'v2Name ipv4', want: ['v2', 'name', 'ipv4']},
    {given: '"NEAR(" * ^ -- 😀', want: ['near']},
    {given: '東京の天気', want: ['東京の天気']},
    {given: 'ǅemal ﬁle', want: ['dzemal', 'file']},
  ])('$given -> $want', ({given, want}) => {
    expect(words(given)).toEqual(want)
  })
})

describe('terms', () => {
  it.each([
    {given: 'Deleting the running instances', want: ['delet', 'the', 'run', 'instanc']},
    {given: 'storage_pools policies', want: ['storag', 'pool', 'policy']},
  ])('$given -> $want', ({given, want}) => {
    expect(terms(given)).toEqual(want)
  })
})
