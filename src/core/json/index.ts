export {findNonJson} from './find-non-json.js'
export type {JsonDataOptions, NonJson} from './find-non-json.js'
export {childPointer, escapeToken, pointerOf, pointerTokens, unescapeToken, valueAt} from './json-pointer.js'
export {MAX_JSON_DEPTH, isObject, isPlainObject, jsonType, quoteJson} from './json-value.js'
