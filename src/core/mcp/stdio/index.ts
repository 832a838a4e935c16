export {serveStdio} from './serve-stdio.js'
export type {ServeOptions} from './serve-stdio.js'
