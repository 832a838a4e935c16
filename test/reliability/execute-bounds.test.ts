import {describe, expect, it} from 'vitest'

import {TamaError} from '../../src/core/errors/tama-error.js'
import {executeOperation} from '../../src/core/execute/index.js'
import {openIndex} from '../../src/core/host-index/index.js'
import {handleExecute} from '../../src/core/mcp/index.js'
import {INPUT_LIMITS, LIMITS} from '../../src/core/profile/index.js'
import {FakeCatalog} from '../core/execute/fake-catalog.js'
import {bodyDocument} from '../helpers/documents.js'
import {COSTLY, bytes, nested, ok, records} from './costly-inputs.js'
import {tally} from './counts.js'
import {scaled} from './soak.js'

describe('execute: costly inputs are bounded (defect 3)', () => {
  // How long each takes is bench/execute-bounds.ts's to measure; here, that each ends in a checked answer, every time.
  it.for(COSTLY)('$name: checked, then refused or run, never a crash', async ({body, schemas, input}, context) => {
    const catalog = new FakeCatalog({bounds: records(body, {schemas})})
    const value = input()
    expect(bytes(value)).toBeLessThanOrEqual(INPUT_LIMITS.bytes)
    const runs = scaled(2, 15)
    const outcomes = new Set<string>()
    for (let run = 0; run < runs; run++) {
      const outcome = await executeOperation(catalog, 'bounds', 'op', value, {scopes: [], executors: {bounds: ok}}).catch((error: unknown) => error)
      if (outcome instanceof TamaError) {
        expect({kind: outcome.kind, dispatched: outcome.dispatched}).toEqual({kind: 'invalid_input', dispatched: false})
        outcomes.add(`refused: ${outcome.message}`)
      } else {
        expect(outcome).toEqual({result: {ok: true}})
        outcomes.add('run')
      }
    }
    // The same input gets the same answer every time.
    expect(outcomes.size).toBe(1)
    tally(context, 'costly inputs checked', runs)
  })

  it('refuses an input past the limits before confirmation or validation sees it, with a pointer, through a real index and the MCP handler', async (context) => {
    const index = openIndex({path: ':memory:'})
    try {
      await index.load(bodyDocument({type: 'object', properties: {items: {type: 'array', uniqueItems: true}, s: {type: 'string'}}}, {destructive: true, when: {required: ['force']}}), {cassette: 'bounds'})
      const executors = {bounds: ok}
      const cases = [
        {input: {items: Array.from({length: INPUT_LIMITS.arrayItems + 1}, (_, i) => i), force: true}, pointer: '/items', says: `is an array of ${INPUT_LIMITS.arrayItems + 1} items, more than ${INPUT_LIMITS.arrayItems}`},
        {input: {s: 'x'.repeat(INPUT_LIMITS.bytes), force: true}, pointer: '', says: `more than the limit of ${INPUT_LIMITS.bytes}`},
        {input: {s: 'x'.repeat(INPUT_LIMITS.bytes + 1), force: true}, pointer: '/s', says: `longer than ${INPUT_LIMITS.bytes}`},
        {input: {...(nested(LIMITS.depth) as object), force: true}, pointer: '/a'.repeat(LIMITS.depth), says: 'nests deeper than 128 levels'},
      ]
      for (const {input, pointer, says} of cases) {
        // Without confirm: a confirmation rule would answer first if the input reached it.
        await expect(index.execute('bounds', 'op', input, {scopes: [], executors})).rejects.toMatchObject({kind: 'invalid_input', dispatched: false, problems: [{source: 'input', pointer, message: expect.stringContaining(says)}]})
        const tool = await handleExecute(index, {cassette: 'bounds', operation_id: 'op', input}, {scopes: []}, executors)
        expect(tool).toMatchObject({error: {kind: 'invalid_input', dispatched: false, problems: [{pointer}]}})
      }
      // Just within the limits, the input goes on to confirmation.
      const within = {items: Array.from({length: INPUT_LIMITS.arrayItems}, (_, i) => i), force: true}
      await expect(index.execute('bounds', 'op', within, {scopes: [], executors})).rejects.toMatchObject({kind: 'confirmation_required'})
      await expect(index.execute('bounds', 'op', within, {scopes: [], executors, confirm: true})).resolves.toEqual({result: {ok: true}})
      tally(context, 'costly inputs checked', cases.length * 2 + 2)
    } finally {
      index.close()
    }
  })
})
