import {describe, expect, it} from 'vitest'

import {moduleLoadingFlags} from '../../../src/core/host-index/install-runner.js'

describe('moduleLoadingFlags', () => {
  it('keeps loaders, preloads and conditions with their values, in either spelling', () => {
    expect(moduleLoadingFlags(['--import', 'tsx', '--require=./trace.cjs', '-r', './env.cjs', '--loader', 'ts-node/esm', '-C', 'development', '--conditions=node'])).toEqual([
      '--import', 'tsx', '--require=./trace.cjs', '-r', './env.cjs', '--loader', 'ts-node/esm', '-C', 'development', '--conditions=node',
    ])
  })

  it('drops the host\'s own flags and the values they take', () => {
    expect(moduleLoadingFlags(['--input-type=module', '-e', 'import("x")', '--max-old-space-size=256', '--stack-size=2000', '--title', 'host', '--no-warnings'])).toEqual([])
    expect(moduleLoadingFlags(['--enable-source-maps', '--import=tsx', '--inspect=0'])).toEqual(['--import=tsx'])
  })
})
