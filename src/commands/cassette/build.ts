import {Flags} from '@oclif/core'

import {BaseCommand} from '../../base-command.js'
import type {BuiltCassette} from '../../core/cassette/index.js'

export default class CassetteBuild extends BaseCommand {
  static override summary = 'Build a byte-reproducible cassette from tama-operations/1 documents.'
  static override description = `Validates every document (all problems are reported at once, exit 3), then writes one .tama-cassette file atomically. The same documents, name and version give the same bytes on any machine, whatever the order of --document. Prints the file's SHA-256 as sha256sum does, so \`sha256sum -c\` checks it. A document is a JSON or YAML file, or an ES module export MODULE.mjs#EXPORT whose value is the document, a promise of it or a function returning either.`
  static override examples = [
    '<%= config.bin %> cassette build --name incus --version 1.0.0 --document incus.yaml --output incus.tama-cassette > incus.tama-cassette.sha256',
    '<%= config.bin %> cassette build --name host --version 2.3.0 --document runtime.yaml --document generate.mjs#catalogue --output host.tama-cassette --json',
  ]
  static override flags = {
    name: Flags.string({description: 'Cassette name: 1-64 lower-case letters, digits and _, starting with a letter.', required: true, helpValue: 'NAME'}),
    version: Flags.string({description: 'Cassette version (Semantic Versioning 2.0.0).', required: true, helpValue: 'SEMVER'}),
    document: Flags.string({description: 'A document: FILE (JSON or YAML) or MODULE.mjs#EXPORT. Repeat for several.', required: true, multiple: true, helpValue: 'FILE'}),
    output: Flags.string({char: 'o', description: 'The cassette file to write (replaced atomically).', required: true, helpValue: 'FILE'}),
  }

  async run(): Promise<BuiltCassette> {
    const {flags} = await this.parse(CassetteBuild)
    const spinner = await this.spinner()
    try {
      const {buildCassette, readDocumentInputs, sha256sumLine} = await import('../../core/cassette/index.js')
      const documents = await readDocumentInputs(flags.document)
      const built = await buildCassette({name: flags.name, version: flags.version, documents}, flags.output)
      spinner?.succeed(`Built ${built.name} ${built.version}: ${built.documents} documents, ${built.operations} operations, ${built.bytes} bytes.`)
      this.log(sha256sumLine(built.sha256, flags.output))
      return built
    } finally {
      if (spinner?.isSpinning) spinner.stop()
    }
  }

  // Progress for someone watching a terminal; nothing at all on a pipe or with --json.
  private async spinner(): Promise<import('ora').Ora | undefined> {
    if (this.jsonEnabled() || !process.stderr.isTTY) return undefined
    const {default: ora} = await import('ora')
    return ora({text: 'Building cassette', stream: process.stderr}).start()
  }
}
