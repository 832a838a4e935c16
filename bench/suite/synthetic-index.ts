import type {OperationRecord} from '../../src/index.js'
import {commitInstall, openStorage} from '../../dist/internal.js'

/**
 * Creates the index file `file` holding a synthetic catalogue, one cassette per entry,
 * committed by the index's own install step (what `index.load` ends with), so rows,
 * FTS5 and term counts are exactly what a host's installs write.
 */
export function fillIndex(file: string, catalogue: ReadonlyMap<string, readonly OperationRecord[]>): void {
  const {db} = openStorage(file)
  try {
    for (const [cassette, records] of catalogue) {
      commitInstall(db, {cassette, version: '1.0.0', title: cassette, digest: `synthetic-${cassette}`, mode: 'load', documents: 1, operations: records.length, records})
    }
  } finally {
    db.close()
  }
}
