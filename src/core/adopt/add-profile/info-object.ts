import {basename, extname} from 'node:path'

import {isObject} from '../../json/index.js'
import type {AdoptWarnings} from '../adopt-warnings.js'

/**
 * `info.title` and `info.version` as strings: YAML reads `version: 1.0` as the number 1,
 * so a number (or boolean) is written as a string, with a warning. An empty or missing
 * title is taken from the file name (`source` without its folder and extension).
 * https://spec.openapis.org/oas/v3.1.0#info-object
 */
export function adoptInfo(document: Record<string, unknown>, source: string, warnings: AdoptWarnings): void {
  const {info} = document
  if (!isObject(info)) return
  if (info.title === undefined || (typeof info.title === 'string' && info.title.trim() === '')) {
    const title = basename(source, extname(source)) || source
    warnings.add('title-added', '/info/title', `info.title is ${info.title === undefined ? 'missing' : 'empty'}`, `the file name ${JSON.stringify(title)} was taken as the title.`)
    info.title = title
  }
  for (const field of ['title', 'version']) {
    const value = info[field]
    if (typeof value !== 'number' && typeof value !== 'boolean') continue
    info[field] = String(value)
    warnings.add('info-rewritten', `/info/${field}`, `info.${field} is ${JSON.stringify(value)}, not a string (quote it in YAML to keep, say, "1.0")`, `it was written as "${String(value)}".`)
  }
}
