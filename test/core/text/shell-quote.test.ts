import {spawnSync} from 'node:child_process'

import {describe, expect, it} from 'vitest'

import {shellQuote, shellWord} from '../../../src/core/text/index.js'

describe.each([
  {given: '/tmp/ops.tama-cassette', word: '/tmp/ops.tama-cassette'},
  {given: 'a b', word: "'a b'"},
  {given: "it's", word: "'it'\\''s'"},
  {given: '$HOME', word: "'$HOME'"},
  {given: '{"name":"web1"}', word: `'{"name":"web1"}'`},
  {given: '', word: "''"},
])('shellWord($given)', ({given, word}) => {
  it(`is ${word}`, () => expect(shellWord(given)).toBe(word))

  it('is read back by a shell as the text itself', () => {
    const echoed = spawnSync('sh', ['-c', `printf %s ${shellWord(given)}`], {encoding: 'utf8'})
    expect(echoed.stdout).toBe(given)
    expect(spawnSync('sh', ['-c', `printf %s ${shellQuote(given)}`], {encoding: 'utf8'}).stdout).toBe(given)
  })
})
