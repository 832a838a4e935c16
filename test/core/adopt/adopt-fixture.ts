import {fileURLToPath} from 'node:url'

import {type AdoptOptions, type AdoptResult, adoptDocument} from '../../../src/core/adopt/index.js'
import {pointerTokens, valueAt} from '../../../src/core/json/index.js'
import {readDocumentFile} from '../../../src/core/profile/index.js'

/** test/fixtures/adopt/, where every adoption fixture lives. */
export const FIXTURES = fileURLToPath(new URL('../../fixtures/adopt/', import.meta.url))

/** Adopts test/fixtures/adopt/`name` (by default letting any caller run every operation). */
export async function adoptFixture(name: string, options: AdoptOptions = {defaultScopes: []}): Promise<AdoptResult> {
  return adoptDocument(await readDocumentFile(`${FIXTURES}${name}`), {source: name, ...options})
}

/** The value at a JSON Pointer, the way warnings name places. */
export function at(document: unknown, pointer: string): unknown {
  return valueAt(document, pointerTokens(pointer)!)
}
