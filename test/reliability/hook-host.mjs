// A host serving the tools with serveStdio from `tama-dex/mcp`, one of whose hooks throws:
//   node hook-host.mjs INDEX HOOK
// The executor writes "executor ran" on stderr each time it is called.
import {openIndex} from 'tama-dex'
import {serveStdio} from 'tama-dex/mcp'

const [path, hook] = process.argv.slice(2)
const secret = () => new Error('host failure at /var/lib/host-secret')
const executor = {
  execute() {
    process.stderr.write('executor ran\n')
    return {ok: true}
  },
}
const throwing = (object, key) => Object.defineProperty(object, key, {get: () => { throw secret() }, enumerable: true})
const options = {scopes: ['incus.read'], executors: {incus: executor}, onIndexFailure: () => {}}
const lendWith = (lend) => (use) => lend(use, openIndex({path, readonly: true}))

const HOOKS = {
  'caller context getter': () => throwing(options, 'context'),
  'caller scopes getter': () => throwing(options, 'scopes'),
  'executors getter': () => throwing(options, 'executors'),
  'timeout getter': () => throwing(options, 'timeout'),
  'executors map Proxy': () => (options.executors = new Proxy({}, {getOwnPropertyDescriptor: () => { throw secret() }, get: () => { throw secret() }})),
  'executor execute getter': () => (options.executors = {incus: throwing({}, 'execute')}),
  'executor options getter': () => (options.executors = {incus: throwing({executor}, 'options')}),
  'lender throwing then': () => lendWith(() => ({then: () => { throw secret() }})),
  'lender that never lends': () => lendWith(async () => ({result: 'forged'})),
  'lender failing after the tool ran': () => lendWith(async (use, index) => { await use(index); throw secret() }),
  'lender lending twice': () => lendWith(async (use, index) => { await use(index); return use(index) }),
}
const lender = HOOKS[hook]()
await serveStdio(typeof lender === 'function' ? lender : openIndex({path, readonly: true}), options)
