import {Flags} from '@oclif/core'

import {BaseCommand} from '../../cli/base-command.js'
import {collectHeapSooner} from '../../cli/heap.js'
import {removingTemporariesOnInterrupt} from '../../cli/interrupt.js'
import {CliProgress} from '../../cli/progress.js'
import {configFlags, required, runConfig} from '../../cli/config-settings.js'
import type {BuiltCassette} from '../../core/cassette/index.js'

/** What `cassette build --json` prints: the built cassette and the file it was written to, as given. */
export interface BuiltCassetteFile extends BuiltCassette {
  readonly output: string
}

export default class CassetteBuild extends BaseCommand {
  static override summary = 'Build a byte-reproducible cassette from tama-operations/1 documents.'
  static override description = `Validates every document (all problems are reported at once, exit 3), then writes one .tama-cassette file atomically. The same documents, name and version give the same bytes on any machine, whatever the order of --document. Prints the file's SHA-256 as sha256sum does, so \`sha256sum -c\` checks it. --name and --document may come from cassette.name and documents in tama-dex.config.yaml (docs/release.md#the-config-file). --json prints the cassette's name, version, sha256, bytes, documents and operations, and output, the file written as given. In a terminal a spinner on stderr names the step; SIGINT and SIGTERM end the build (exit 130, 143) without leaving a file. A document is a JSON or YAML file, or an ES module export MODULE.mjs#EXPORT whose value is the document, a promise of it or a function returning either.`
  static override examples = [
    '<%= config.bin %> cassette build --name incus --version 1.0.0 --document incus.yaml --output incus.tama-cassette > incus.tama-cassette.sha256',
    '<%= config.bin %> cassette build --name host --version 2.3.0 --document runtime.yaml --document generate.mjs#catalogue --output host.tama-cassette --json',
  ]
  static override optionFlags = {output: '--output', documents: '--document', config: '--config'}
  static override flags = {
    name: Flags.string({description: 'Cassette name: 1-64 lower-case letters, digits and _, starting with a letter. Default: cassette.name of the config file.', helpValue: 'NAME'}),
    version: Flags.string({description: 'Cassette version (Semantic Versioning 2.0.0).', required: true, helpValue: 'SEMVER'}),
    document: Flags.string({description: 'A document: FILE (JSON or YAML) or MODULE.mjs#EXPORT. Repeat for several. Default: documents of the config file.', multiple: true, helpValue: 'FILE'}),
    output: Flags.string({char: 'o', description: 'The cassette file to write (replaced atomically).', required: true, helpValue: 'FILE'}),
    ...configFlags,
  }

  async run(): Promise<BuiltCassetteFile> {
    const {flags} = await this.parse(CassetteBuild)
    const config = await runConfig(flags.config)
    const name = required(flags.name ?? config?.cassette?.name, '--name NAME', 'cassette.name') as string
    const documentFiles = required(flags.document ?? config?.documents, '--document FILE', 'documents')
    const progress = await CliProgress.start('Reading documents', {hidden: this.jsonEnabled()})
    try {
      const {buildCassette, readDocumentInputs, sha256sumLine} = await import('../../core/cassette/index.js')
      collectHeapSooner()
      const built = await removingTemporariesOnInterrupt(async () => {
        const documents = await readDocumentInputs(documentFiles)
        progress.step(`Building ${flags.output}`)
        // Not held here past this call: buildCassette lets the parsed documents go once it has planned.
        return buildCassette({name, version: flags.version, documents}, flags.output)
      })
      progress.done(`Built ${built.name} ${built.version}: ${built.documents} documents, ${built.operations} operations, ${built.bytes} bytes.`)
      this.log(sha256sumLine(built.sha256, flags.output))
      return {...built, output: flags.output}
    } finally {
      progress.stop()
    }
  }
}
