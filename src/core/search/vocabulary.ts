import vocabulary from './vocabulary.json' with {type: 'json'}

/**
 * Every word list search knows, as data in vocabulary.json; changing one changes stored
 * search data (docs/search.md#storage).
 */

export type VerbClass = 'read' | 'create' | 'update' | 'delete'

/**
 * Words agents and API authors use for the same action ("provide" asks for data in
 * requests and names reads in APIs).
 */
export const VERBS: Readonly<Record<VerbClass, readonly string[]>> = vocabulary.verbs
/** The action an HTTP method implies when an operation's id names none. */
export const METHOD_VERBS: Readonly<Record<string, VerbClass>> = vocabulary.methodVerbs as Record<string, VerbClass>
/**
 * Function words and request padding ("can you please help me ...") that match many
 * operations without saying which one is wanted. API verbs are deliberately absent.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(vocabulary.stopWords)
/**
 * Function words that change what the words after them mean ("pods for all namespaces" is
 * not "pods in a namespace"): they part the words around them into two pairs. Other
 * function words do not: "Get a repository" still pairs "get repository".
 */
export const PAIR_BREAKERS: ReadonlySet<string> = new Set(vocabulary.pairBreakers)
/** Words that part a pair only after an API verb, which they make a noun: "a list of namespaces" is not "list namespaces". */
export const BREAKS_AFTER_VERB: ReadonlySet<string> = new Set(vocabulary.breaksAfterVerb)
/** Function words that end a verb written as one word with it ("lookup", "signin", "setup"). */
export const PARTICLES: ReadonlySet<string> = new Set(vocabulary.particles)
/**
 * Words that open a noun phrase: the word before one, opening a request, is a verb.
 * Demonstratives are left out: "weather this weekend" asks for no action.
 */
export const DETERMINERS: ReadonlySet<string> = new Set(vocabulary.determiners)
/** Particles that follow a verb, not a noun, before a determiner ("back up an instance"). */
export const VERB_PARTICLES: ReadonlySet<string> = new Set(vocabulary.verbParticles)
/** Words that end in -s without being plurals: "news" cut to "new" would read as the API verb. */
export const UNINFLECTED: ReadonlySet<string> = new Set(vocabulary.uninflected)
/** Words that name the same thing in requests and in API descriptions ("photo", "image"), a group a line. */
export const RELATED_GROUPS: readonly string[] = vocabulary.relatedGroups
