import type {ReportSubject} from './report-subject.js'

/** The result as `--json` prints it: the library's typed result, unchanged. */
export function jsonReport(subject: ReportSubject): string {
  return JSON.stringify(subject.result, null, 2)
}
