import {stem} from './word-stem.js'

/**
 * The little vocabulary search knows about operations: which words name the same API
 * action, and which words in a request say nothing about the operation wanted.
 */

export type VerbClass = 'read' | 'create' | 'update' | 'delete'

// Words agents and API authors use for the same action. Order matters only for humans.
const VERBS: Readonly<Record<VerbClass, readonly string[]>> = {
  // "provide" asks for data in requests ("provide me with ...") and names reads in APIs.
  read: ['get', 'list', 'show', 'fetch', 'find', 'retrieve', 'read', 'view', 'lookup', 'search', 'query', 'display', 'provide'],
  create: ['create', 'add', 'new', 'make', 'insert', 'register'],
  update: ['update', 'edit', 'change', 'set', 'modify', 'patch', 'alter', 'replace'],
  delete: ['delete', 'remove', 'destroy', 'erase', 'drop', 'purge', 'unregister', 'kill', 'terminate'],
}

// Keyed by word and by stem, so stored (stemmed) operation terms are recognised too.
const VERB_OF = new Map<string, VerbClass>(
  Object.entries(VERBS).flatMap(([verb, words]) => words.flatMap((word) => [[word, verb as VerbClass] as const, [stem(word), verb as VerbClass] as const])),
)

const METHOD_VERB: Readonly<Record<string, VerbClass>> = {get: 'read', head: 'read', post: 'create', put: 'update', patch: 'update', delete: 'delete'}

/** Every API verb, as written and as stored (stemmed). */
export const VERB_TERMS: ReadonlySet<string> = new Set(VERB_OF.keys())

/** The action a word (or its stem) names, if it is an API verb. */
export function verbOf(word: string): VerbClass | undefined {
  return VERB_OF.get(word)
}

/** An operation's action: the first verb in its id, else what its HTTP method implies. */
export function operationVerb(idWords: readonly string[], method: string): VerbClass | null {
  for (const word of idWords) {
    const verb = VERB_OF.get(word)
    if (verb !== undefined) return verb
  }
  return METHOD_VERB[method] ?? null
}

// Function words and request padding ("can you please help me ...") that match many
// operations without saying which one is wanted. API verbs are deliberately absent.
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again all also am an and any are as at be because been before being below between both but by
  can could did do does doing down during each few for from further had has have having he her here hers him his how
  i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours out
  over own please same she should so some such than that the their theirs them then there these they this those
  through to too under until up very was we were what when where which while who whom why will with would you your
  yours yourself help like want need wants needs give tell know interested assist assistance kindly hi hey thank thanks
  appreciate`
    .trim()
    .split(/\s+/),
)

// Function words that change what the words after them mean ("pods for all namespaces" is
// not "pods in a namespace"): they part the query's words around them into two pairs.
// Other function words do not: "Get a repository" still pairs "get repository".
const PAIR_BREAKERS: ReadonlySet<string> = new Set(
  'and or but nor all each both few more most other such no not only same than then if because while until'.split(' '),
)
// Words that part a pair only after an API verb, which they make a noun: "the state of an
// instance" pairs "state instance", but "a list of namespaces" is not "list namespaces".
const BREAKS_AFTER_VERB: ReadonlySet<string> = new Set(['of'])

/** Whether a function word parts the words around it into two pairs; `afterVerb` when the word before it is an API verb. */
export function partsPair(word: string, afterVerb: boolean): boolean {
  return PAIR_BREAKERS.has(word) || (afterVerb && BREAKS_AFTER_VERB.has(word))
}
