import type {ReportFormat} from './format-names.js'
import {githubReport} from './github.js'
import {jsonReport} from './json.js'
import {junitReport} from './junit.js'
import {markdownReport} from './markdown.js'
import {reportModel} from './report-model.js'
import type {ReportSubject} from './report-subject.js'
import {sarifReport} from './sarif.js'
import {textReport} from './text.js'


const RENDER: Readonly<Record<ReportFormat, (subject: ReportSubject) => string>> = {
  text: textReport,
  json: jsonReport,
  sarif: (subject) => sarifReport(reportModel(subject)),
  github: (subject) => githubReport(reportModel(subject)),
  junit: (subject) => junitReport(reportModel(subject)),
  markdown: (subject) => markdownReport(reportModel(subject)),
}

/** The report of a check's result in `format`, without a final line break. */
export function formatReport(format: ReportFormat, subject: ReportSubject): string {
  return RENDER[format](subject)
}
