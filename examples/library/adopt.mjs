// Adopts a real OpenAPI description (Incus's REST API, Swagger 2.0, Apache-2.0) with the
// library, in memory and then file to file. Run: npm run build && node examples/library/adopt.mjs
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {adoptDocument, adoptFile, readDocumentFile} from 'tama-dex'

const description = new URL('../../test/fixtures/corpus/incus-rest-api.yaml', import.meta.url).pathname
const work = mkdtempSync(join(tmpdir(), 'tama-adopt-example-'))
try {
  const parsed = await readDocumentFile(description)

  // No I/O: parsed input in, document out. The input is never changed.
  const {document, warnings, report} = await adoptDocument(parsed, {source: 'incus.yaml', readScopes: ['incus.read'], writeScopes: ['incus.write']})
  console.log(`adopted ${report.operations} of ${report.operationsIn} operations from Swagger ${report.from} to OpenAPI ${document.openapi}, ${warnings.length} warnings`)

  // Read, adopt, write atomically.
  process.chdir(work)
  await adoptFile(description, 'incus.yaml', {defaultScopes: []})
  console.log(`wrote ${(await readDocumentFile('incus.yaml')).openapi} document incus.yaml`)
} finally {
  rmSync(work, {recursive: true, force: true})
}
