import {isIP} from 'node:net'

/** Whether `host` names this machine only: localhost, 127.0.0.0/8 or ::1. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase()
  if (bare === 'localhost') return true
  if (isIP(bare) === 4) return bare.startsWith('127.')
  return isIP(bare) === 6 && (bare === '::1' || bare === '0:0:0:0:0:0:0:1')
}
