import {Readable} from 'node:stream'

import {describe, expect, it} from 'vitest'

import {MessageLines} from '../../../../src/core/mcp/stdio/message-lines.js'

/** The lines `chunks` come out as through a MessageLines of `limit` bytes, how many were too long, and how many not JSON. */
async function cut(chunks: readonly string[], limit: number): Promise<{lines: string[]; oversized: number; notJson?: number}> {
  let oversized = 0
  let notJson = 0
  const lines: string[] = []
  const stream = Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(new MessageLines(limit, () => oversized++, () => notJson++))
  for await (const line of stream) lines.push((line as Buffer).toString('utf8'))
  return {lines, oversized, ...(notJson === 0 ? {} : {notJson})}
}

describe('MessageLines', () => {
  it.each([
    {given: 'one chunk of two lines', chunks: ['12\n34\n'], want: {lines: ['12\n', '34\n'], oversized: 0}},
    {given: 'a line split over chunks', chunks: ['1', '2', '3\n'], want: {lines: ['123\n'], oversized: 0}},
    {given: 'empty lines, dropped without a word', chunks: ['\n \r\n'], want: {lines: [], oversized: 0}},
    {given: 'a line that is not JSON, dropped and told', chunks: ['ab\n1\n'], want: {lines: ['1\n'], oversized: 0, notJson: 1}},
    {given: 'a line of exactly the limit', chunks: ['1234\n'], want: {lines: ['1234\n'], oversized: 0}},
    {given: 'a line one byte past the limit, then one within it', chunks: ['abcde\n12\n'], want: {lines: ['12\n'], oversized: 1}},
    {given: 'a long line over many chunks, told once', chunks: ['abc', 'def', 'ghi', 'jkl\n', '12\n'], want: {lines: ['12\n'], oversized: 1}},
    {given: 'two long lines in a row', chunks: ['abcdefgh\nijklmnop\n'], want: {lines: [], oversized: 2}},
    {given: 'a last line without a newline, dropped', chunks: ['12\nabc'], want: {lines: ['12\n'], oversized: 0}},
    {given: 'a long last line without a newline', chunks: ['12\nabcdefgh'], want: {lines: ['12\n'], oversized: 1}},
  ])('$given', async ({chunks, want}) => {
    expect(await cut(chunks, 4)).toEqual(want)
  })

  it('counts bytes of UTF-8, not characters', async () => {
    // '€' is three bytes: quoted, one is five bytes, two are eight, past a limit of six.
    expect(await cut(['"€"\n"€€"\n'], 6)).toEqual({lines: ['"€"\n'], oversized: 1})
  })
})
