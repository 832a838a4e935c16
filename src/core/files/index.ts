export {readBoundedFile} from './read-bounded-file.js'
export {readBoundedStream} from './read-bounded-stream.js'
export type {BoundedRead} from './read-bounded-file.js'
export {releaseTemporary, removeLiveTemporariesSync, removeStaleTemporaries, temporaryPathBeside} from './temporary-file.js'
