import {describe, expect, it} from 'vitest'

import {summaryFromDescription, truncateText} from '../../../../src/core/adopt/add-profile/summary-text.js'

describe('summaryFromDescription', () => {
  it.each([
    {given: 'Retrieves the details of an account.', want: 'Retrieves the details of an account.'},
    {given: '<p>Returns a list of your coupons.</p>', want: 'Returns a list of your coupons.'},
    {given: 'list or watch objects of kind Pod', want: 'list or watch objects of kind Pod'},
    {given: 'Gets the instance. Also returns its state.', want: 'Gets the instance.'},
    {given: 'Sends e.g. a ping. Then waits.', want: 'Sends e.g. a ping.'},
    {given: 'First paragraph without a stop\n\nSecond paragraph.', want: 'First paragraph without a stop'},
    {given: 'See [the guide](https://example.com/guide) &amp; more.', want: 'See the guide & more.'},
    {given: '  \n\t  ', want: ''},
    // A tag removed before punctuation leaves no space before it.
    {given: 'With <a href="/docs/connect">Connect</a>, you can create accounts.', want: 'With Connect, you can create accounts.'},
    {given: 'Lists accounts via <a href="/docs/connect">Connect</a>.', want: 'Lists accounts via Connect.'},
    {given: 'Lists pods ( <code>v1</code> ) by name.', want: 'Lists pods (v1) by name.'},
    {given: `${'word '.repeat(40)}end.`, want: `${'word '.repeat(23).trimEnd()}…`},
  ])('$given', ({given, want}) => {
    const summary = summaryFromDescription(given, 120)
    expect(summary).toBe(want)
    expect(summary.length).toBeLessThanOrEqual(120)
  })
})

describe('truncateText', () => {
  it.each([
    {given: {text: 'short', max: 10}, want: 'short'},
    {given: {text: 'abcdefghijkl', max: 10}, want: 'abcdefghi…'},
    {given: {text: 'one two three four', max: 12}, want: 'one two…'},
    // Never half of a surrogate pair: 😀 is two UTF-16 code units.
    {given: {text: `${'a'.repeat(8)}😀bc`, max: 10}, want: `${'a'.repeat(8)}…`},
  ])('$given.text at $given.max', ({given, want}) => {
    expect(truncateText(given.text, given.max)).toBe(want)
  })
})
