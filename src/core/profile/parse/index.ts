/** A document's text parsed, JSON or YAML, within the profile's limits, and problems located in it. */
export {documentSource, parseDocumentText, readDocumentBytes, readDocumentFile} from './parse-document.js'
export {locateProblems, pointerLocator} from './locate-pointer.js'
