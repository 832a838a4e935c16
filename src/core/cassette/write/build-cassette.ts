import {traceSpan} from '../../telemetry/index.js'
import {planCassette, type CassetteInput} from './plan-cassette.js'
import {writeCassette} from './write-cassette.js'

export interface BuiltCassette {
  readonly name: string
  readonly version: string
  readonly sha256: string
  readonly bytes: number
  readonly documents: number
  readonly operations: number
}

/**
 * Plans and writes a cassette; see planCassette and writeCassette. Only the plan is kept
 * while the file is written: the input's documents can be collected then, if the caller
 * holds them no longer either.
 */
export async function buildCassette(input: CassetteInput, outputPath: string): Promise<BuiltCassette> {
  let unplanned: CassetteInput | null = input
  return traceSpan('build', {cassette: input.name, documents: input.documents.length}, async (span) => {
    const plan = planCassette(unplanned!)
    unplanned = null
    span.set({operations: plan.meta.operations})
    const written = await writeCassette(plan, outputPath)
    span.set({bytes: written.bytes})
    return {
      name: plan.meta.name,
      version: plan.meta.version,
      sha256: written.sha256,
      bytes: written.bytes,
      documents: plan.meta.documents,
      operations: plan.meta.operations,
    }
  })
}
