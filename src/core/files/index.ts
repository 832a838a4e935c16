export {readBoundedFile, readBoundedStream} from './read-bounded-file.js'
export type {BoundedRead} from './read-bounded-file.js'
export {releaseTemporary, removeLiveTemporariesSync, removeStaleTemporaries, temporaryPathBeside} from './temporary-file.js'
