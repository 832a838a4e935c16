/** The formats a check's report can be written in (docs/release.md#report-formats). */
export const REPORT_FORMATS = ['text', 'json', 'sarif', 'github', 'junit', 'markdown'] as const
export type ReportFormat = (typeof REPORT_FORMATS)[number]
