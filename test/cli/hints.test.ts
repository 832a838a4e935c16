import {describe, expect, it} from 'vitest'

import {cliMessage, cliText} from '../../src/cli/hints.js'
import {TamaError} from '../../src/core/errors/index.js'

const FLAGS = {failOn: '--fail-on', config: '--config', documents: '--document'}

// Text that carries no remedy as data: the options it names by key, as the command's flags.
describe('cliText', () => {
  it.each([
    {given: 'Convert it with `adoptDocument`.', want: 'Convert it with `tama-dex document adopt`.'},
    {given: 'remove it, or name it (`config`) if you trust it.', want: 'remove it, or name it (--config) if you trust it.'},
    {given: 'A `configuration` key is not the option `config`.', want: 'A `configuration` key is not the option --config.'},
    {given: 'Nothing here names an option or a function.', want: 'Nothing here names an option or a function.'},
  ])('$given', ({given, want}) => {
    expect(cliText(given, FLAGS)).toBe(want)
  })
})

describe('cliMessage', () => {
  it.each([
    {given: new TamaError('usage', 'A cassette needs at least one document.', {remedy: {kind: 'pass-option', choices: [{option: 'documents', value: 'FILE'}]}}), want: 'A cassette needs at least one document. Pass --document FILE.'},
    {given: new TamaError('usage', 'Bad.', {remedy: {kind: 'pass-option', choices: [{option: 'failOn'}, {option: 'minScore', value: '50'}]}}), want: 'Bad. Pass another --fail-on, or `minScore` 50.'},
    {given: new TamaError('usage', 'No remedy here.'), want: 'No remedy here.'},
  ])('$want', ({given, want}) => {
    expect(cliMessage(given, FLAGS)).toBe(want)
  })
})
