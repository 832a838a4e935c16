// The part of swagger2openapi's API adoption uses (the package ships no types).
// https://github.com/Mermade/oas-kit/blob/main/docs/options.md
declare module 'swagger2openapi' {
  interface ConvertOptions {
    patch?: boolean
    warnOnly?: boolean
    warnProperty?: string
    resolve?: boolean
    resolveInternal?: boolean
    anchors?: boolean
    direct?: boolean
  }
  export function convertObj(swagger: object, options: ConvertOptions): Promise<Record<string, unknown>>
}
