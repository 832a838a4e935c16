export {CASSETTE_NAME_PATTERN} from './cassette-name.js'
export {compareCodeUnits} from './compare-code-units.js'
export {formatTable} from './format-table.js'
export {count, escapeUnsafe, printable, quote} from './printable.js'
