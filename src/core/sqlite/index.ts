export type {SqliteDatabase, SqliteStatement} from './driver.js'
export {openDatabase, sqliteLibraryVersion} from './open-database.js'
export {statement} from './statement-cache.js'
