import {describe, expect, it} from 'vitest'

import {cliText} from '../../src/cli/hints.js'

// Every remedy the library gives in its own words, as a CLI user reads it.
describe('cliText', () => {
  it.each([
    {given: 'Re-validate it with `validateDocument`.', want: 'Re-validate it with `tama-dex document validate`.'},
    {given: 'Adopt it with `adoptDocument`.', want: 'Adopt it with `tama-dex document adopt`.'},
    {given: 'No cassette named "x" is installed. See `cassettes()`.', want: 'No cassette named "x" is installed. See tama-dex index list.'},
    {given: 'There is no index at i.sqlite3 yet: nothing has been installed there. Import a cassette into it first.', want: 'There is no index at i.sqlite3 yet: nothing has been installed there. Import a cassette into it first (`tama-dex index import FILE --index PATH`).'},
    {given: 'i.sqlite3 holds no index yet. Import a cassette into it.', want: 'i.sqlite3 holds no index yet. Import a cassette into it (`tama-dex index import FILE --index PATH`).'},
    {given: 'must be recreated, which reading does not do. Import a cassette into it: that recreates it', want: 'must be recreated, which reading does not do. Import a cassette into it (`tama-dex index import FILE --index PATH`): that recreates it'},
    {given: 'The index has no cassette installed yet. Import a cassette or load a document first.', want: 'The index has no cassette installed yet. Import a cassette (`tama-dex index import FILE`) or load a document (`tama-dex index load FILE --cassette NAME`) first.'},
    {given: 'No operation "x" in cassette "y" is available to you. Find the operations you can see with search.', want: 'No operation "x" in cassette "y" is available to you. Find the operations you can see with `tama-dex search WORDS --cassette NAME`.'},
    {given: 'x cannot be an index: it is a folder. Choose another path for the index.', want: 'x cannot be an index: it is a folder. Pass --index with another path.'},
    {given: 'x is not a tama-dex index (a SQLite file of another application); it was left untouched. Choose a new file name for the index, or remove the file if it is yours to remove.', want: 'x is not a tama-dex index (a SQLite file of another application); it was left untouched. Pass --index with a new file name, or remove the file if it is yours to remove.'},
    {given: 'Upgrade tama-dex, or choose another file for the index.', want: 'Upgrade tama-dex, or pass --index with another file.'},
    {given: 'Make the folder writable, or open the index once where it is writable before making it read-only.', want: 'Make the folder writable, or open the index once where it is writable (`tama-dex index status`) before making it read-only.'},
    {given: 'Nothing here names a library function.', want: 'Nothing here names a library function.'},
  ])('$given', ({given, want}) => {
    expect(cliText(given)).toBe(want)
  })
})
