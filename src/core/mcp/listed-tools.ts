import type {CallerReach} from '../search/index.js'
import {type IndexLender, type ToolsIndex, withToolsIndex} from './tool-call.js'
import {type ToolDefinition, executeTool, searchTool} from './tool-definitions.js'

/**
 * The tools as one caller's tools/list shows them, execute annotated by what their scopes
 * reach, and, in a session that lasts, whether that has changed since it was listed. When
 * the index cannot say (none installed yet, a host index without `reach`, any failure),
 * execute keeps the annotations that hold for everyone, which claim the most.
 */
export class ListedTools {
  readonly #index: ToolsIndex | IndexLender
  readonly #caller: {readonly scopes: readonly string[]}
  readonly #recheckMs: number
  #listed: ToolDefinition | undefined
  #checkedAt = 0

  /** `recheckMs`: how long a listed answer is trusted before changed() asks the index again. */
  constructor(index: ToolsIndex | IndexLender, caller: {readonly scopes: readonly string[]}, recheckMs: number) {
    this.#index = index
    this.#caller = caller
    this.#recheckMs = recheckMs
  }

  async list(): Promise<readonly ToolDefinition[]> {
    this.#listed = await this.#execute()
    return [searchTool(), this.#listed]
  }

  /**
   * Whether the list has changed since it was last listed, asked of the index at most once
   * per `recheckMs` (never before a first list): what the caller reaches changes only when
   * a cassette is installed or removed, and asking reads the operations the caller may use.
   */
  async changed(): Promise<boolean> {
    if (this.#listed === undefined || performance.now() - this.#checkedAt < this.#recheckMs) return false
    const now = await this.#execute()
    if (now === this.#listed) return false
    this.#listed = now
    return true
  }

  async #execute(): Promise<ToolDefinition> {
    this.#checkedAt = performance.now()
    let reach: CallerReach | undefined
    try {
      const scopes = this.#caller.scopes
      reach = await withToolsIndex(this.#index, async (lent) => lent.reach?.({scopes}))
    } catch {
      // The annotations that claim the most are never wrong to show; the next call reports the index's failure.
      reach = undefined
    }
    return executeTool(reach)
  }
}
