import {createRequire} from 'node:module'

// The same relative path from src/core/cassette/format/ and dist/core/cassette/format/.
const packageJson = createRequire(import.meta.url)('../../../../package.json') as {version: string}

/** The version of tama-dex itself, as published in package.json. */
export const TAMA_DEX_VERSION: string = packageJson.version
