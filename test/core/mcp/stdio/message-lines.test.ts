import {Readable} from 'node:stream'

import {describe, expect, it} from 'vitest'

import {MessageLines} from '../../../../src/core/mcp/stdio/message-lines.js'

/** The lines `chunks` come out as through a MessageLines of `limit` bytes, and how many were too long. */
async function cut(chunks: readonly string[], limit: number): Promise<{lines: string[]; oversized: number}> {
  let oversized = 0
  const lines: string[] = []
  const stream = Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(new MessageLines(limit, () => oversized++))
  for await (const line of stream) lines.push((line as Buffer).toString('utf8'))
  return {lines, oversized}
}

describe('MessageLines', () => {
  it.each([
    {given: 'one chunk of two lines', chunks: ['ab\ncd\n'], want: {lines: ['ab\n', 'cd\n'], oversized: 0}},
    {given: 'a line split over chunks', chunks: ['a', 'b', 'c\n'], want: {lines: ['abc\n'], oversized: 0}},
    {given: 'empty lines', chunks: ['\n\n'], want: {lines: ['\n', '\n'], oversized: 0}},
    {given: 'a line of exactly the limit', chunks: ['abcd\n'], want: {lines: ['abcd\n'], oversized: 0}},
    {given: 'a line one byte past the limit, then one within it', chunks: ['abcde\nok\n'], want: {lines: ['ok\n'], oversized: 1}},
    {given: 'a long line over many chunks, told once', chunks: ['abc', 'def', 'ghi', 'jkl\n', 'ok\n'], want: {lines: ['ok\n'], oversized: 1}},
    {given: 'two long lines in a row', chunks: ['abcdefgh\nijklmnop\n'], want: {lines: [], oversized: 2}},
    {given: 'a last line without a newline, dropped', chunks: ['ok\nabc'], want: {lines: ['ok\n'], oversized: 0}},
    {given: 'a long last line without a newline', chunks: ['ok\nabcdefgh'], want: {lines: ['ok\n'], oversized: 1}},
  ])('$given', async ({chunks, want}) => {
    expect(await cut(chunks, 4)).toEqual(want)
  })

  it('counts bytes of UTF-8, not characters', async () => {
    // '€' is three bytes: two of them are six, past a limit of four.
    expect(await cut(['€\n€€\n'], 4)).toEqual({lines: ['€\n'], oversized: 1})
  })
})
