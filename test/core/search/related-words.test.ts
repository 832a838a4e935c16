import {describe, expect, it} from 'vitest'

import {relatedTerms} from '../../../src/core/search/related-words.js'

describe('relatedTerms', () => {
  it('gives the stemmed relatives of query terms', () => {
    expect(relatedTerms(['pictur'])).toEqual(expect.arrayContaining(['imag', 'photo']))
    expect(relatedTerms(['film'])).toEqual(expect.arrayContaining(['video', 'movy']))
  })

  it('leaves out terms the query already holds, and has nothing for other words', () => {
    expect(relatedTerms(['pictur', 'imag'])).not.toContain('imag')
    expect(relatedTerms(['pictur', 'imag'])).not.toContain('pictur')
    expect(relatedTerms(['instanc', 'delet'])).toEqual([])
    expect(relatedTerms([])).toEqual([])
  })
})
