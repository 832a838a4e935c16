export {count, printable, quote} from '../text/printable.js'
