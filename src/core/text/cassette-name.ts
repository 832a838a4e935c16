/**
 * Cassette names: a lower-case identifier, so it is safe in file names, URLs and telemetry.
 * Here, below every folder that checks one (cassettes, the index, search).
 */
export const CASSETTE_NAME_PATTERN = /^[a-z][a-z0-9_]{0,63}$/
