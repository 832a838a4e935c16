/**
 * The one Int32 a caller and its install worker share to decide, atomically, whether an
 * install commits or is cancelled: whoever moves it away from RUNNING first wins.
 */
export const RUNNING = 0
export const COMMITTING = 1
export const CANCELLED = 2
