import {describe, expect, it} from 'vitest'

import {withoutDirectories} from '../../src/cli/base-command.js'

describe('withoutDirectories', () => {
  it.each([
    {given: "ENOENT: no such file or directory, open '/home/ada/work/index.sqlite3'", want: "ENOENT: no such file or directory, open 'index.sqlite3'"},
    {given: 'EACCES: permission denied, mkdir /var/lib/tama-dex', want: 'EACCES: permission denied, mkdir tama-dex'},
    {given: 'cannot read x.yaml (relative paths stay)', want: 'cannot read x.yaml (relative paths stay)'},
    {given: 'a/b/c and 1/2 are not absolute', want: 'a/b/c and 1/2 are not absolute'},
  ])('$given', ({given, want}) => {
    expect(withoutDirectories(given)).toBe(want)
  })
})
