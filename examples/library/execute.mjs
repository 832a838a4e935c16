// Executes a destructive operation the way a host does: the caller's scopes, the
// confirmation the operation asks for, context for the executor, a time budget and an
// AbortSignal. Run: npm run build && node examples/library/execute.mjs
import {openIndex, readDocumentFile} from 'tama-dex'

/** A stand-in executor that says what it was handed; a real one calls the API (examples/executors/). */
const stubExecutor = {
  async execute(call, input) {
    console.log(`executor: ${call.operation.method} ${call.operation.path} for session ${call.context.session}, scopes ${call.scopes.join(' ')}`)
    return {type: 'async', metadata: {description: `Deleting instance ${input.name}`}}
  },
}
const caller = {id: 'session-7', scopes: ['incus.read', 'incus.write']}
const signal = AbortSignal.timeout(60_000)

const index = openIndex({path: ':memory:'})
try {
  await index.load(await readDocumentFile(new URL('../incus.yaml', import.meta.url).pathname), {cassette: 'incus'})
  const {result} = await index.execute('incus', 'instance_delete', {name: 'web1'}, {
    scopes: caller.scopes,              // what the caller holds
    executors: {incus: {executor: stubExecutor}},
    confirm: 'web1',                    // see "Confirmation"
    context: {session: caller.id},      // handed to the executor as call.context
    timeout: 30_000,                    // ms the executor has to answer
    signal,                             // an AbortSignal, optional
  })
  console.log(result.metadata.description)
} finally {
  index.close()
}
