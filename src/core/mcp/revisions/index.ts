export {clientCanAskUser, clientDeclaresNothing} from './elicitation.js'
export {PROTOCOL_VERSIONS, SERVER_CAPABILITIES, TAMA_DEX_SERVER_INFO, answerInitialize} from './handshake.js'
export type {ServerInfo} from './handshake.js'
export {TOOLS_LIST_CACHE, TOOLS_LIST_TTL_MS, answerDiscover} from './stateless.js'
