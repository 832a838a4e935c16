import {mkdir, writeFile} from 'node:fs/promises'
import path from 'node:path'

/**
 * Writes a description split across files the way DigitalOcean's is: `openapi.yaml` names
 * each operation's file, each operation names a model and a shared error response, and
 * model `m<i>` has a property for every model before it. A bundler that copies each use
 * writes about 2^models copies; one that writes each file once stays near the input's size.
 * Returns the path of `openapi.yaml`.
 */
export async function writeSplitDescription(folder: string, {models, operations}: {readonly models: number; readonly operations: number}): Promise<string> {
  for (const sub of ['models', 'resources', 'shared']) await mkdir(path.join(folder, sub), {recursive: true})
  for (let model = 0; model < models; model++) {
    const properties = ['  id: {type: string, description: An identifier shared by every model of this description.}']
    for (let earlier = 0; earlier < model; earlier++) properties.push(`  m${earlier}: {$ref: 'm${earlier}.yml'}`)
    await writeFile(path.join(folder, `models/m${model}.yml`), `type: object\nproperties:\n${properties.join('\n')}\n`)
  }
  await writeFile(path.join(folder, 'shared/error.yml'), `description: Error\ncontent:\n  application/json:\n    schema: {$ref: '../models/m${models - 1}.yml'}\n`)
  const paths: string[] = []
  for (let operation = 0; operation < operations; operation++) {
    const text = `operationId: op${operation}\nsummary: Operation ${operation}\nresponses:\n  '200':\n    description: OK\n    content:\n      application/json:\n        schema: {$ref: '../models/m${operation % models}.yml'}\n  '401': {$ref: '../shared/error.yml'}\n`
    await writeFile(path.join(folder, `resources/op${operation}.yml`), text)
    paths.push(`  /op${operation}:\n    get: {$ref: 'resources/op${operation}.yml'}`)
  }
  const input = path.join(folder, 'openapi.yaml')
  await writeFile(input, `openapi: 3.0.3\ninfo: {title: Split across files, version: '1'}\npaths:\n${paths.join('\n')}\n`)
  return input
}
