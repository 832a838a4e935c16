import {escapeUnsafe} from '../text/index.js'
import type {CheckedItem, ReportModel} from './report-model.js'

/**
 * JUnit XML (what CI systems' test tabs read): one test suite per group of items, one
 * test case per document, check, operation or example request. A case fails when it has a
 * problem that fails the run's gate; its other problems go to its system-out.
 */
export function junitReport(model: ReportModel): string {
  const suites = new Map<string, CheckedItem[]>()
  for (const item of model.items) suites.set(item.suite, [...(suites.get(item.suite) ?? []), item])
  const failing = (items: readonly CheckedItem[]) => items.filter((item) => item.problems.some((problem) => problem.level === 'error')).length
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xml(`tama-dex ${model.check}`)}" tests="${model.items.length}" failures="${failing(model.items)}" errors="0">`,
  ]
  for (const [suite, items] of suites) {
    lines.push(`  <testsuite name="${xml(suite)}" tests="${items.length}" failures="${failing(items)}" errors="0" skipped="0">`)
    for (const item of items) lines.push(...testCase(suite, item))
    lines.push('  </testsuite>')
  }
  lines.push('</testsuites>')
  return lines.join('\n')
}

function testCase(suite: string, item: CheckedItem): string[] {
  const open = `    <testcase classname="${xml(suite)}" name="${xml(item.name)}"`
  if (item.problems.length === 0) return [`${open}/>`]
  const failures = item.problems.filter((problem) => problem.level === 'error')
  const others = item.problems.filter((problem) => problem.level !== 'error')
  const lines = [`${open}>`]
  if (failures.length > 0) {
    const text = failures.map((problem) => `${problem.rule}: ${problem.message}`).join('\n')
    lines.push(`      <failure type="${xml(failures[0]!.rule)}" message="${xml(failures[0]!.message)}">${xml(text)}</failure>`)
  }
  if (others.length > 0) lines.push(`      <system-out>${xml(others.map((problem) => `${problem.level} ${problem.rule}: ${problem.message}`).join('\n'))}</system-out>`)
  lines.push('    </testcase>')
  return lines
}

// Characters XML 1.0 cannot hold at all, even as references: escaped as \uXXXX like a control.
const NOT_XML = /[\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

const ENTITIES: Readonly<Record<string, string>> = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;'}

/** Text as XML character data or an attribute value; line breaks kept only where they are layout. */
function xml(text: string): string {
  const safe = text
    .split('\n')
    .map((line) => escapeUnsafe(line).replace(NOT_XML, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`))
    .join('\n')
  return safe.replace(/[&<>"']/g, (char) => ENTITIES[char]!)
}
