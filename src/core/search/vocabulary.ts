/**
 * Every word list search knows, in one place: which words name the same API action, which
 * words in a request say nothing about the operation wanted, how function words part or
 * join the words around them, and which words name the same thing. Changing one changes
 * stored search data (see docs/search.md#storage).
 */

export type VerbClass = 'read' | 'create' | 'update' | 'delete'

/** Words agents and API authors use for the same action. Order matters only for humans. */
export const VERBS: Readonly<Record<VerbClass, readonly string[]>> = {
  // "provide" asks for data in requests ("provide me with ...") and names reads in APIs.
  read: ['get', 'list', 'show', 'fetch', 'find', 'retrieve', 'read', 'view', 'lookup', 'search', 'query', 'display', 'provide'],
  create: ['create', 'add', 'new', 'make', 'insert', 'register'],
  update: ['update', 'edit', 'change', 'set', 'modify', 'patch', 'alter', 'replace'],
  delete: ['delete', 'remove', 'destroy', 'erase', 'drop', 'purge', 'unregister', 'kill', 'terminate'],
}

/** The action an HTTP method implies when an operation's id names none. */
export const METHOD_VERBS: Readonly<Record<string, VerbClass>> = {get: 'read', head: 'read', post: 'create', put: 'update', patch: 'update', delete: 'delete'}

/**
 * Function words and request padding ("can you please help me ...") that match many
 * operations without saying which one is wanted. API verbs are deliberately absent.
 */
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

/**
 * Function words that change what the words after them mean ("pods for all namespaces" is
 * not "pods in a namespace"): they part the query's words around them into two pairs.
 * Other function words do not: "Get a repository" still pairs "get repository".
 */
export const PAIR_BREAKERS: ReadonlySet<string> = new Set(
  'and or but nor all each both few more most other such no not only same than then if because while until'.split(' '),
)
/** Words that part a pair only after an API verb, which they make a noun: "a list of namespaces" is not "list namespaces". */
export const BREAKS_AFTER_VERB: ReadonlySet<string> = new Set(['of'])

/** Function words that end a verb written as one word with it ("lookup", "signin", "setup"). */
export const PARTICLES: ReadonlySet<string> = new Set(['up', 'in', 'out', 'on', 'off', 'down', 'over'])
/**
 * Words that open a noun phrase: the word before one, opening a request, is a verb.
 * Demonstratives are left out: "weather this weekend" asks for no action.
 */
export const DETERMINERS: ReadonlySet<string> = new Set(['a', 'an', 'the', 'my', 'our', 'your', 'its', 'their', 'his', 'her'])
/** Particles that follow a verb, not a noun, before a determiner ("back up an instance"). */
export const VERB_PARTICLES: ReadonlySet<string> = new Set(['up', 'out', 'off', 'down'])

/** Words that end in -s without being plurals: "news" cut to "new" would read as the API verb. */
export const UNINFLECTED: ReadonlySet<string> = new Set(['news', 'series', 'species', 'lens', 'gas', 'canvas', 'alias', 'bias', 'atlas', 'chaos', 'cosmos'])

/**
 * Words that name the same thing in requests and in API descriptions ("photo" and "image",
 * "film" and "movie"), one group a line.
 */
export const RELATED_GROUPS: readonly string[] = [
  'paper article publication literature study journal research scholar academic',
  'image picture photo photograph img',
  'video movie film clip',
  'song music track audio tune',
  'car vehicle auto automobile',
  'weather forecast',
  'job career employment vacancy hire recruit',
  'house home property apartment realestate rent',
  'price cost fee quote pricing',
  'buy purchase shop shopping',
  'stock share equity ticker',
  'crypto cryptocurrency bitcoin coin token blockchain',
  'message sms text chat',
  'email mail inbox',
  'translate translation language',
  'recipe cook cooking meal dish food',
  'restaurant dining eat',
  'flight airline airport',
  'travel trip vacation holiday itinerary',
  'hotel accommodation lodging booking reservation',
  'news headline',
  'user account profile member',
  'document doc file',
  'address location place geocode',
  'map route direction navigation',
  'calendar event schedule meeting appointment',
  'health medical medicine drug symptom doctor',
  'fitness exercise workout',
  'money currency exchange forex',
  'payment invoice bill billing charge',
  'company business organization firm enterprise',
  'product item goods merchandise',
  'quiz question trivia',
  'joke humor funny',
  'summary summarize summarise tldr',
  'url link',
  'website site web webpage',
  'seo ranking keyword traffic visitor analytics',
  'statistic stat metric analytics',
  'football soccer',
  'game gaming',
  'learn learning course education tutorial',
  'word dictionary definition vocabulary',
  'code programming developer',
  'ad advertisement advertising marketing campaign',
  'social twitter tweet instagram facebook',
  'review rating feedback',
  'contact phone',
]
