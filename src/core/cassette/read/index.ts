/**
 * The ways to read a cassette: its file, opened for an install or a search, read whole, and
 * verified. A copying install opens it through copyable-cassette.ts alone, a light entry.
 */
export {OpenedCassette, loadCassetteOperations, openCassette} from './opened-cassette.js'
export type {LoadMode} from './opened-cassette.js'
export {readCassette} from './read-cassette.js'
export type {CassetteContents, CassetteDocument} from './read-cassette.js'
export {assertCassetteVerified, verificationFailure, verifyCassette} from './verify-cassette.js'
export type {VerifyReport} from './verify-cassette.js'
export {MAX_CASSETTE_BYTES, readCassetteFile} from './read-cassette-file.js'
