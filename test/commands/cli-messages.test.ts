import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {parseJson, runCli} from '../helpers/cli.js'
import {profileDocument} from '../helpers/documents.js'

let dir: string
let index: string
let cassette: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-messages-cli-'))
  index = join(dir, 'index.sqlite3')
  // A destructive operation without a rule gets the default message, which names the operation.
  const document = profileDocument('Billing', [{id: 'DeleteCustomersCustomer', summary: 'Delete a customer', method: 'delete', destructive: true}])
  writeFileSync(join(dir, 'billing.json'), JSON.stringify(document))
  cassette = join(dir, 'billing.tama-cassette')
  expect((await runCli(['cassette', 'build', '--name', 'billing', '--version', '1.0.0', '--document', join(dir, 'billing.json'), '--output', cassette])).code).toBe(0)
  expect((await runCli(['index', 'import', cassette, '--index', index])).code).toBe(0)
})

afterAll(() => rmSync(dir, {recursive: true, force: true}))

describe('messages in the CLI\'s words', () => {
  it('execute asks for --confirm true and names the operation once', async () => {
    const result = await runCli(['execute', 'billing', 'DeleteCustomersCustomer', '--dry-run', '--index', index])
    expect(result.code).toBe(6)
    expect(result.stderr.trim()).toBe('Error: billing/DeleteCustomersCustomer needs confirmation. Run it again with --confirm true.')
    const confirmed = await runCli(['execute', 'billing', 'DeleteCustomersCustomer', '--dry-run', '--confirm', 'true', '--index', index])
    expect(confirmed.code, confirmed.stderr).toBe(0)
  })

  it('verify states a digest mismatch once beside the checklist', async () => {
    const result = await runCli(['cassette', 'verify', cassette, '--sha256', '0'.repeat(64)])
    expect(result.code).toBe(4)
    expect(result.stdout).toMatch(/^✗ digest .*not the pinned 0{64}: this is not the file that was pinned\.$/m)
    expect(result.stderr.trim()).toBe(`Error: ${cassette} is not the file that was pinned. Get it again from where it was released, or check the --sha256 given.`)
    expect(parseJson(await runCli(['cassette', 'verify', cassette, '--sha256', '0'.repeat(64), '--json']))).toMatchObject({ok: false})
  })

  it('oclif\'s parse errors are one problem per line', async () => {
    const result = await runCli(['cassette', 'build'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('Error: Missing required flag output\nMissing required flag version\n')
    expect(result.stderr).toContain('\nSee --help.')
  })
})
