/** `PRAGMA application_id` of a cassette: "TAMA". https://www.sqlite.org/fileformat.html#application_id */
export const CASSETTE_APPLICATION_ID = 0x54414d41
/** `PRAGMA application_id` of a host index: "TDIX". Files with any other id are never touched. */
export const INDEX_APPLICATION_ID = 0x54444958
