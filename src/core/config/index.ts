export type {CommandSettings, ProducerConfig} from './producer-config.js'
export {discoverConfig, loadConfig} from './load-config.js'
