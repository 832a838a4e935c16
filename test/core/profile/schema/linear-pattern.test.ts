import fc from 'fast-check'
import {describe, expect, it} from 'vitest'

import {LIMITS} from '../../../../src/core/profile/limits.js'
import {DocumentPatterns, compileLinearPattern} from '../../../../src/core/profile/schema/linear-pattern.js'

/** What JSON Schema validators do with a pattern: JavaScript's engine, unicode mode, a match anywhere. */
function backtracking(pattern: string, input: string): boolean {
  return new RegExp(pattern, 'u').test(input)
}

const EMOJI = '😀'
const LONE_SURROGATE = '\ud800'
const LINE_TERMINATORS = ['\n', '\r', '\u2028', '\u2029']
// GitHub's description of base64 content.
const BASE64 = '^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$'

describe('compileLinearPattern matches as ECMAScript does', () => {
  it.each([
    {given: {pattern: '^.$', input: EMOJI}, want: true},
    {given: {pattern: '^..$', input: EMOJI}, want: false},
    {given: {pattern: '^.$', input: '\r'}, want: false},
    {given: {pattern: '^.$', input: '\u2028'}, want: false},
    {given: {pattern: 'a$', input: 'a\n'}, want: false},
    {given: {pattern: '^a', input: 'b\na'}, want: false},
    {given: {pattern: '^\\s$', input: '\u3000'}, want: true},
    {given: {pattern: '^\\s$', input: '\u0085'}, want: false},
    {given: {pattern: 'b', input: 'abc'}, want: true},
    {given: {pattern: '^\\uD83D\\uDE00$', input: EMOJI}, want: true},
    {given: {pattern: '^(a+)+$', input: `${'a'.repeat(5000)}!`}, want: false},
  ])('$given.pattern on $given.input is $want', ({given, want}) => {
    expect(compileLinearPattern(given.pattern).test(given.input)).toBe(want)
  })

  describe.each([
    {pattern: '^.$', inputs: ['a', EMOJI, LONE_SURROGATE, '', 'ab', '\u0085', ...LINE_TERMINATORS]},
    {pattern: 'a.c', inputs: ['abc', 'a\nc', 'a\rc', `xa${EMOJI}cx`]},
    {pattern: '^\\s+$', inputs: ['\t\n\v\f\r ', '\u00a0', '\u1680', '\u2000', '\u200a', '\u200b', '\u2028\u2029', '\u202f', '\u205f', '\u3000', '\ufeff', '\u0085', 'a']},
    {pattern: '^\\S+$', inputs: ['abc', EMOJI, LONE_SURROGATE, 'a b', '\u00a0', '\u200b', '\ufeff']},
    {pattern: '^[\\s\\d]+$', inputs: [' 1', '\u30001', 'a']},
    {pattern: '^[^\\s]$', inputs: ['a', ' ', '\u3000', EMOJI]},
    {pattern: '^[\\S\\n]+$', inputs: ['a\n', 'a b', '\u3000', EMOJI]},
    {pattern: '^\\u0041\\u{1F600}$', inputs: [`A${EMOJI}`, 'A😁', 'a😀']},
    {pattern: '^[\\u0041-\\u005A]+$', inputs: ['ABC', 'abc']},
    {pattern: '^[\\u{1F600}-\\u{1F64F}]$', inputs: [EMOJI, '🙏', '🚀', 'a']},
    {pattern: '^\\x41\\cJ\\0$', inputs: ['A\n\0', 'A\n', 'a\n\0']},
    {pattern: '^[\\b]$', inputs: ['\b', 'b']},
    {pattern: '\\bfoo\\b', inputs: ['a foo b', 'afoo', 'éfooé', 'foo_']},
    {pattern: '\\Boo\\B', inputs: ['fooo', 'oo']},
    {pattern: '^\\d+$', inputs: ['123', '٣', '1a']},
    {pattern: '^\\w+$', inputs: ['a_1', 'é']},
    {pattern: '^\\W$', inputs: ['é', 'a', LONE_SURROGATE]},
    {pattern: '^[\\w-]+$', inputs: ['a-b', 'a b']},
    {pattern: '^[\\-a]$', inputs: ['-', 'a', 'b']},
    {pattern: '^a\\/b\\.c\\*\\$\\(\\)\\|$', inputs: ['a/b.c*$()|', 'a/bxc*$()|']},
    {pattern: '^[\\]\\[\\\\^]+$', inputs: [']', '[', '\\', '^', 'a']},
    {pattern: '^[[]$', inputs: ['[', 'a']},
    {pattern: '^[\\[:alpha:\\]]+$', inputs: [':alpha:', '[a]', 'b']},
    // A class of `[`, `:`, `a`, `l`, `p`, `h`, which RE2 would read as the POSIX class [:alpha:].
    {pattern: '^[[:alpha:]+$', inputs: ['[:ha', 'alpha', 'b']},
    {pattern: '^(?<year>\\d{4})-(?<month>\\d{2})$', inputs: ['2024-01', '2024-1']},
    {pattern: '^(?:ab|cd){2,3}$', inputs: ['abcd', 'ab', 'abcdabcd', 'cdcdcd']},
    {pattern: '^a{2}$', inputs: ['a', 'aa', 'aaa']},
    {pattern: '^a{2,}$', inputs: ['a', 'aa', 'aaaa']},
    {pattern: '^a{0,1}b', inputs: ['b', 'ab', 'aab']},
    {pattern: '^a*?b+?$', inputs: ['ab', 'b', 'a']},
    {pattern: 'x|^$', inputs: ['', 'x', 'y']},
    {pattern: '^\\p{L}+$', inputs: ['abcé', 'Ωμέγα', 'a1']},
    {pattern: '^\\p{Lu}\\P{Lu}*$', inputs: ['Abc', 'ABC', 'abc']},
    {pattern: '^\\p{Script=Greek}+$', inputs: ['αβγ', 'abc']},
    {pattern: '^\\p{sc=Latin}+$', inputs: ['abc', 'αβγ']},
    {pattern: '^\\p{gc=Nd}$', inputs: ['٣', 'a']},
    {pattern: '^[\\p{L}\\d]+$', inputs: ['a1é', 'a-1']},
    {pattern: '^\\p{Emoji_Presentation}$', inputs: [EMOJI, 'a']},
    {pattern: '[]', inputs: ['', 'a']},
    {pattern: '^[^]$', inputs: ['\n', EMOJI, 'ab']},
    {pattern: `^${EMOJI}+$`, inputs: [EMOJI.repeat(2), `${EMOJI}\ud83d`, '']},
    {pattern: BASE64, inputs: ['aGVsbG8=', 'aGVsbG8', 'aGk=', 'aGVsbG8gd29ybGQ=', '', 'a===', 'aGV+bG8/']},
    {pattern: '^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$', inputs: ['a@b.io', 'a b@c.io', 'a@b.c']},
    {pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$', inputs: ['123e4567-e89b-12d3-a456-426614174000', '123e4567-e89b-12d3-a456-42661417400']},
  ])('$pattern', ({pattern, inputs}) => {
    const matcher = compileLinearPattern(pattern)
    it.each(inputs.map((input) => ({given: input, want: backtracking(pattern, input)})))('on $given agrees with RegExp ($want)', ({given, want}) => {
      expect(matcher.test(given)).toBe(want)
    })
  })

  // Patterns from a small grammar of what both engines read; strings from an alphabet where
  // they might differ (line terminators, Unicode spaces, astral and lone surrogates).
  const {pattern} = fc.letrec<{pattern: string; alternative: string; term: string; atom: string}>((tie) => ({
    pattern: fc.array(tie('alternative'), {minLength: 1, maxLength: 3}).map((alternatives) => alternatives.join('|')),
    alternative: fc.array(fc.oneof({weight: 4, arbitrary: tie('term')}, {weight: 1, arbitrary: fc.constantFrom('^', '$', '\\b', '\\B')}), {maxLength: 4}).map((terms) => terms.join('')),
    term: fc.tuple(tie('atom'), fc.constantFrom('', '', '', '*', '+', '?', '{2}', '{1,3}', '{0,}', '*?', '+?')).map(([atom, quantifier]) => atom + quantifier),
    atom: fc.oneof(
      {depthSize: 'small'},
      fc.constantFrom('a', 'b', '-', '1', ' ', EMOJI, 'é', '.', '\\s', '\\S', '\\d', '\\w', '\\W', '\\n', '\\/', '\\.', '\\u0061', '\\u{1F600}', '\\x2D', '\\cJ', '\\p{L}', '\\P{L}'),
      fc
        .tuple(fc.boolean(), fc.array(fc.constantFrom('a', 'b-z', '\\s', '\\S', '\\d', '\\w', '\\-', '\\]', '[', '.', EMOJI, '\\u{1F600}-\\u{1F64F}', '\\n', '\\b', '\\p{Lu}', '^'), {maxLength: 4}))
        .map(([negated, items]) => `[${negated ? '^' : ''}${items.join('')}]`),
      tie('pattern').map((inner) => `(${inner})`),
      tie('pattern').map((inner) => `(?:${inner})`),
      tie('pattern').map((inner) => `(?<g>${inner})`),
    ),
  }))
  const alphabet = fc.constantFrom('a', 'b', 'z', 'A', '-', '1', '_', ' ', '/', '.', '\n', '\r', '\u2028', '\u00a0', '\u3000', '\ufeff', '\b', EMOJI, '🙏', LONE_SURROGATE, '\udc00', 'é')
  const input = fc.array(alphabet, {maxLength: 10}).map((chars) => chars.join(''))
  // Anchored half the time: a difference on one character then decides the whole match.
  const valid = fc.tuple(pattern, fc.boolean()).map(([source, anchored]) => (anchored ? `^(?:${source})$` : source)).filter((source) => {
    try {
      new RegExp(source, 'u')
      return true
    } catch {
      return false
    }
  })

  it('agrees with RegExp on random patterns and strings', () => {
    fc.assert(
      fc.property(valid, fc.array(input, {minLength: 1, maxLength: 8}), (source, inputs) => {
        const matcher = compileLinearPattern(source)
        for (const text of inputs) expect(matcher.test(text), `${source} on ${JSON.stringify(text)}`).toBe(backtracking(source, text))
      }),
      {numRuns: 400, seed: 20_251_130},
    )
  })
})

const NOT_LINEAR = 'which tama-dex cannot check in linear time; rewrite it without lookaround or backreferences'
const TOO_MANY_REPEATS = 'repeats something more than 1000 times (nested counts multiply)'
// Inline modifier groups compile only where the JavaScript engine knows them (V8 in Node 23 and later).
const MODIFIERS = (() => {
  try {
    return new RegExp('(?i:a)', 'u') !== undefined
  } catch {
    return false
  }
})()

describe('DocumentPatterns', () => {
  it.each([
    {given: '(?=a)b', want: `uses a lookahead \`(?=\`, ${NOT_LINEAR}`},
    {given: '^(?!x-)', want: `uses a negative lookahead \`(?!\`, ${NOT_LINEAR}`},
    {given: '(?<=a)b', want: `uses a lookbehind \`(?<=\`, ${NOT_LINEAR}`},
    {given: '(?<!a)b', want: `uses a negative lookbehind \`(?<!\`, ${NOT_LINEAR}`},
    {given: '(a)\\1', want: `uses a backreference \`\\1\`, ${NOT_LINEAR}`},
    {given: '(?<quote>["\'])\\k<quote>', want: `uses a backreference \`\\k<quote>\`, ${NOT_LINEAR}`},
    {given: '\\p{ASCII}', want: "uses the Unicode property `\\p{ASCII}`, which tama-dex's linear-time matcher does not support; use a general category such as `\\p{L}`, a script such as `\\p{Script=Latin}`, or a character class"},
    {given: '[\\p{Letter}]', want: 'uses the Unicode property `\\p{Letter}`'},
    {given: '\\p{Script_Extensions=Greek}', want: 'uses the Unicode property `\\p{Script_Extensions=Greek}`'},
    {given: 'a{1001}', want: `${TOO_MANY_REPEATS}, which tama-dex's linear-time matcher does not support; use \`*\` or \`+\` and bound the length with \`maxLength\``},
    {given: '(?:a{100}){11}', want: TOO_MANY_REPEATS},
    {given: `${'('.repeat(1001)}a${')'.repeat(1001)}`, want: "cannot be compiled by tama-dex's linear-time matcher"},
    {given: 'x{1000}'.repeat(101), want: `expands to 101000 positions (each counted repeat written out), taking the document's distinct patterns past their limit of ${LIMITS.patternPositions} positions together; simplify it, or split the document`},
    {given: '(unclosed', want: 'is not a valid regular expression (ECMA-262, unicode mode)'},
    // Valid outside unicode mode only.
    {given: '\\-', want: 'is not a valid regular expression (ECMA-262, unicode mode)'},
    ...(MODIFIERS ? [{given: '(?i:a)', want: "uses the modifier group `(?i:`, which tama-dex's linear-time matcher does not support"}] : []),
  ])('refuses $given: $want', ({given, want}) => {
    expect(new DocumentPatterns().problem(given)).toContain(want)
    expect(() => compileLinearPattern(given)).toThrow(`pattern ${JSON.stringify(given)} ${want}`)
  })

  it('counts each distinct pattern once against the document budget', () => {
    const patterns = new DocumentPatterns()
    const large = 'x{1000}'.repeat(60)
    expect(patterns.problem(large)).toBeNull()
    expect(patterns.problem(large)).toBeNull()
    expect(patterns.problem(`y${large}`)).toMatch(/^expands to 60001 positions/)
    // What fits in what is left is still taken.
    expect(patterns.problem('^[a-z]{1,64}$')).toBeNull()
  })
})
