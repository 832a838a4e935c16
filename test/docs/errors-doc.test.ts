import {readFileSync} from 'node:fs'

import {describe, expect, it} from 'vitest'

import {ERROR_KINDS, REMEDY_KINDS} from '../../src/core/errors/index.js'

const doc = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8')

describe('docs/errors.md', () => {
  it('has a section for exactly the kinds the code has, each with its exit code', () => {
    const sections = [...doc.matchAll(/^## `([a-z_]+)` \(exit (\d+)\)$/gm)].map(([, kind, code]) => [kind, Number(code)])
    expect(sections).toEqual(Object.entries(ERROR_KINDS))
  })

  it('says when each kind happens and what to do', () => {
    for (const section of doc.split(/^## /m).slice(1)) {
      expect(section, section.split('\n')[0]).toMatch(/\*\*When:\*\* \S/)
      expect(section, section.split('\n')[0]).toMatch(/\*\*What to do:\*\* \S/)
    }
  })

  it('tables exactly the kinds of remedy the code has', () => {
    const rows = [...doc.matchAll(/^\| `([a-z-]+)`(?: \(.*?\))? \|/gm)].map(([, kind]) => kind)
    expect(rows).toEqual(REMEDY_KINDS)
  })

  it('tables every exit code with exactly its kinds', () => {
    const table = [...doc.matchAll(/^\| (\d+) \| (`[a-z_]+`(?:, `[a-z_]+`)*) \|$/gm)].map(([, code, kinds]) => [Number(code), kinds!.replaceAll('`', '').split(', ')])
    const byCode = new Map<number, string[]>()
    for (const [kind, code] of Object.entries(ERROR_KINDS)) byCode.set(code, [...(byCode.get(code) ?? []), kind])
    expect(table).toEqual([...byCode])
  })
})
