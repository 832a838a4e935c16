// Run by search-latency-bench.ts as `node --import tsx THIS WORKDIR SIZE SETTINGS`: one
// size's search latency, measured in this process alone, printed as JSON.
import type {BenchSettings} from './bench-settings.js'
import {measureSearchLatency} from './search-latency-bench.js'

const [workDir, size, settings] = process.argv.slice(2)
const figures = await measureSearchLatency(workDir!, Number(size), JSON.parse(settings!) as BenchSettings)
process.stdout.write(JSON.stringify(figures))
