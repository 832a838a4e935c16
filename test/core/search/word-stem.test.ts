import {describe, expect, it} from 'vitest'

import {stem} from '../../../src/core/search/word-stem.js'

describe('stem', () => {
  it.each([
    {given: ['run', 'runs', 'running'], want: 'run'},
    {given: ['create', 'creates', 'created', 'creating'], want: 'creat'},
    {given: ['policy', 'policies'], want: 'policy'},
    {given: ['modify', 'modifies', 'modified', 'modifying'], want: 'modify'},
    {given: ['movie', 'movies'], want: 'movy'},
    {given: ['address', 'addresses'], want: 'address'},
    {given: ['stop', 'stopped', 'stopping'], want: 'stop'},
    {given: ['status'], want: 'status'},
    {given: ['id', 'ids'], want: 'id'},
    // Not plurals: "news" must not become the API verb "new".
    {given: ['news'], want: 'news'},
    {given: ['series'], want: 'series'},
    {given: ['new'], want: 'new'},
  ])('$given -> $want', ({given, want}) => {
    expect(given.map(stem)).toEqual(given.map(() => want))
  })
})
