/** The operations kept when an adoption selects a subset. */
export {isEmptySubset, selectOperations, tooManyOperations} from './operation-subset.js'
