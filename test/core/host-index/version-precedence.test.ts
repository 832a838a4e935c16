import {describe, expect, it} from 'vitest'

import {compareVersions} from '../../../src/core/host-index/version-precedence.js'

describe('compareVersions', () => {
  it('orders the example of Semantic Versioning 2.0.0 §11, and every pair of it', () => {
    const ordered = ['1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-alpha.beta', '1.0.0-beta', '1.0.0-beta.2', '1.0.0-beta.11', '1.0.0-rc.1', '1.0.0', '1.0.1', '1.2.0', '1.10.0', '2.0.0', '10.0.0']
    for (const [i, a] of ordered.entries()) {
      for (const [j, b] of ordered.entries()) expect(Math.sign(compareVersions(a, b)!), `${a} vs ${b}`).toBe(Math.sign(i - j))
    }
  })

  it('ignores build metadata, and cannot compare what is not a semantic version or has a part past the safe integers', () => {
    expect(compareVersions('2.0.0+build.7', '2.0.0')).toBe(0)
    // Past Number.MAX_SAFE_INTEGER a part cannot be compared exactly.
    expect(compareVersions('12345678901234567890.0.0', '1.0.0')).toBeUndefined()
    expect(compareVersions('2024-06', '1.0.0')).toBeUndefined()
    expect(compareVersions('1.0.0', 'v1.0.0')).toBeUndefined()
  })
})
