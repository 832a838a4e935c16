/** A description's local files bundled into one document. */
export {bundleLocalFiles} from './local-files.js'
