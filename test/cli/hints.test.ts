import {describe, expect, it} from 'vitest'

import {cliMessage} from '../../src/cli/hints.js'
import {TamaError} from '../../src/core/errors/index.js'

const FLAGS = {failOn: '--fail-on', config: '--config', documents: '--document'}

describe('cliMessage', () => {
  it.each([
    {given: new TamaError('usage', 'A cassette needs at least one document.', {remedy: {kind: 'pass-option', choices: [{option: 'documents', value: 'FILE'}]}}), want: 'A cassette needs at least one document. Pass --document FILE.'},
    {given: new TamaError('usage', 'Bad.', {remedy: {kind: 'pass-option', choices: [{option: 'failOn'}, {option: 'minScore', value: '50'}]}}), want: 'Bad. Pass another --fail-on, or `minScore` 50.'},
    {given: new TamaError('usage', 'No remedy here.'), want: 'No remedy here.'},
  ])('$want', ({given, want}) => {
    expect(cliMessage(given, FLAGS)).toBe(want)
  })
})
