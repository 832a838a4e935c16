/** A JSON Schema (2020-12) as plain data. */
export type JsonSchema = Readonly<Record<string, unknown>> | boolean

/**
 * When a call needs the caller's explicit confirmation, and what confirms it.
 * Source: `x-tama-confirmation` (docs/profile.md#x-tama-confirmation).
 */
export interface ConfirmationRule {
  /** 'always', or a JSON Schema: confirmation is needed when the input validates against it. */
  readonly when: 'always' | JsonSchema
  /** Top-level input property whose value the caller must repeat as `confirm`; absent: `confirm: true`. */
  readonly echo: string | null
  /** Shown to the caller when confirmation is needed. */
  readonly message: string
}

/** Where an input property goes when an executor builds the real call. */
export interface InputParameter {
  readonly name: string
  readonly in: 'path' | 'query' | 'header'
  readonly required: boolean
}

/** How the request body maps onto the input object, and how it is written (docs/profile.md#request-bodies). */
export interface InputBody {
  /** 'input': the whole input is the body; 'property': the body is `input.body`. */
  readonly mode: 'input' | 'property'
  /** The media type as the document writes it: a JSON type, `application/x-www-form-urlencoded` or `multipart/form-data`. */
  readonly contentType: string
  readonly required: boolean
  /**
   * Form bodies only: how each top-level field whose writing differs from the default
   * (style `form`, explode, a text part) is written, by field name. Absent for JSON bodies.
   */
  readonly encoding?: Readonly<Record<string, FormField>>
}

/** How one top-level field of a form body is written: an OpenAPI Encoding Object, normalised. */
export interface FormField {
  /** 'form': `name=v`, an array `name=a&name=b` (explode) or `name=a,b`; 'deepObject': `name[key]=v`, `name[0][key]=v`. */
  readonly style: 'form' | 'deepObject'
  readonly explode: boolean
  /** multipart/form-data only: the part's media type; null for the default (text, or JSON for an object). */
  readonly contentType: string | null
  /** multipart/form-data only: the input value is the part's bytes in base64, sent as a file part. */
  readonly binary: boolean
}

/**
 * One operation, normalised from a profile document into the plain, cassette-independent
 * record every later stage uses (cassette rows, the host index, search, execute).
 * Schemas are self-contained: internal `$ref`s point into their own `$defs`.
 */
export interface OperationRecord {
  readonly operationId: string
  /** Lower-case HTTP method. */
  readonly method: string
  /** The path template the operation calls: its key as written, without a `#fragment` (`/1.0/instances/{name}`, `/1.0/instances?recursion=1`). */
  readonly path: string
  readonly summary: string
  readonly description: string
  readonly tags: readonly string[]
  /**
   * The operation's `x-tama-keywords` and the document's, normalised (normalise/search-terms.ts):
   * trimmed, white space collapsed, lower-case, each once, in code-unit order.
   */
  readonly keywords: readonly string[]
  /** The operation's `x-tama-examples`: trimmed, white space collapsed, each once, in document order. */
  readonly examples: readonly string[]
  /** The caller must hold every one; empty means any caller. */
  readonly scopes: readonly string[]
  readonly destructive: boolean
  /** null: no confirmation needed. */
  readonly confirmation: ConfirmationRule | null
  readonly inputSchema: JsonSchema
  /** The first 2xx JSON response's schema; null when there is none. */
  readonly outputSchema: JsonSchema | null
  readonly parameters: readonly InputParameter[]
  readonly body: InputBody | null
}

/** What the document says about itself, from `info` and the profile marker. */
export interface DocumentInfo {
  readonly title: string
  readonly version: string
  readonly profile: string
}

/** A validated document: its info and its operations in a canonical order (by operationId). */
export interface ValidatedDocument {
  readonly info: DocumentInfo
  readonly operations: readonly OperationRecord[]
}
