// Records how long each tama-dex span takes, and how it ended, from its telemetry
// channels. Run: npm run build && node examples/library/telemetry.mjs
import diagnosticsChannel from 'node:diagnostics_channel'
import {channelNames, openIndex, readDocumentFile} from 'tama-dex'

/** A stand-in for a host's metrics client: it prints what it is given. */
const metrics = {
  record(name, durationMs, outcome) {
    console.log(`${name} ${outcome} in ${typeof durationMs === 'number' ? 'a measured time' : 'no time'}`)
  },
}

for (const name of channelNames().spans) {
  const record = (context) => metrics.record(name, context.duration_ms, context.outcome)
  // search is synchronous and ends with `end`; every other span ends with `asyncEnd`.
  diagnosticsChannel.tracingChannel(name).subscribe({start() {}, end: record, asyncStart() {}, asyncEnd: record, error() {}})
}

const index = openIndex({path: ':memory:'})
try {
  await index.load(await readDocumentFile(new URL('../incus.yaml', import.meta.url).pathname), {cassette: 'incus'})
  index.search('list instances', {scopes: ['incus.read']})
} finally {
  index.close()
}
