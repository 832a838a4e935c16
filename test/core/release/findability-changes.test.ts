import {describe, expect, it} from 'vitest'

import {findabilityRegressions} from '../../../src/core/release/findability-changes.js'
import {fixtureOperations} from './release-fixture.js'

describe('findabilityRegressions', () => {
  it.each([
    {
      given: 'an own summary six operations share, and an example request the new summary no longer answers',
      old: 'findability-old.yaml',
      new: 'findability-new.yaml',
      want: [
        {operation_id: 'zz_reboot', by: 'summary', request: 'Show running containers', old_rank: 1, new_rank: null},
        {operation_id: 'zz_volumes', by: 'example', request: 'which disks does the pool hold', old_rank: 1, new_rank: null},
      ],
    },
    {given: 'the same release twice', old: 'findability-old.yaml', new: 'findability-old.yaml', want: []},
    {given: 'a release that gains what the other lost', old: 'findability-new.yaml', new: 'findability-old.yaml', want: []},
  ])('finds what was found and no longer is: $given', async ({old, new: next, want}) => {
    expect(findabilityRegressions(await fixtureOperations(old), await fixtureOperations(next))).toEqual(want)
  })
})
