export {readBoundedFile} from './read-bounded-file.js'
export type {BoundedRead} from './read-bounded-file.js'
export {removeStaleTemporaries, temporaryPathBeside} from './temporary-file.js'
