import {type Remedy, type RemedyTable, confirmArgument, passChoices, renderRemedy} from '../errors/index.js'

/**
 * Each remedy in an agent's words: what it can do through the tools, or that the host must
 * act. Never a path or another name the agent did not send (an agent may not learn the
 * host's files).
 */
const AGENT_REMEDY_TEXT: RemedyTable = {
  'pass-option': ({choices}) => passChoices(choices, (option) => `\`${option}\``),
  'install-first': () => 'Nothing can be found or run until the host installs one.',
  search: () => 'Find the operations you can see with the search tool.',
  'list-cassettes': () => 'Search without `cassettes` to find operations in every cassette installed.',
  'another-index': () => 'The host must give another index.',
  'open-writable': () => 'The host must make its index readable.',
  confirm: (remedy) => `To proceed, call again with ${confirmArgument(remedy)}.`,
  'other-command': () => 'The host must give another file.',
}

/** The failure's message for an agent: what was wrong, then the remedy in the agent's words. */
export function agentMessage(failure: {readonly fault: string; readonly remedy: Remedy | undefined}): string {
  return failure.remedy === undefined ? failure.fault : `${failure.fault} ${renderRemedy(failure.remedy, AGENT_REMEDY_TEXT)}`
}

type OtherCommand = Extract<Remedy, {kind: 'other-command'}>

/** A remedy as agents get it: without what only the host may see (a file's path). */
export type AgentRemedy = Exclude<Remedy, OtherCommand> | Omit<OtherCommand, 'file'>

/** The remedy as agents get it, as data they can act on. */
export function agentRemedy(remedy: Remedy): AgentRemedy {
  return remedy.kind === 'other-command' ? {kind: remedy.kind, fileKind: remedy.fileKind} : remedy
}
