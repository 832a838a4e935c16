import {homedir} from 'node:os'
import {join} from 'node:path'

/**
 * Where the CLI keeps its index when `--index` is not given: `TAMA_DEX_INDEX`, else
 * `$XDG_DATA_HOME/tama-dex/index.sqlite3`, else `~/.local/share/tama-dex/index.sqlite3`.
 * The library never picks a path on its own: hosts always pass one to `openIndex`.
 */
export function resolveIndexPath(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (flag !== undefined && flag !== '') return flag
  if (env.TAMA_DEX_INDEX) return env.TAMA_DEX_INDEX
  const dataHome = env.XDG_DATA_HOME || join(homedir(), '.local', 'share')
  return join(dataHome, 'tama-dex', 'index.sqlite3')
}
