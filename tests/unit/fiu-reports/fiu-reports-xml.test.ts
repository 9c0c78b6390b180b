import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { reportPatch, type ReportFields } from '@/lib/fiu-reports/contract'
import { fieldErrorOf, validateReport } from '@/lib/fiu-reports/validate'
import {
  buildReportXml,
  XmlTextError,
  type ReportingEntity,
  type XmlReport,
} from '@/lib/fiu-reports/xml'

/* The goAML XML of a report: built with xmlbuilder2, hostile text escaped or refused by field,
 * validated with libxml2 against the tests' own schema (tests/fixtures/goaml/verity-goaml.xsd, in
 * the generic 5.0.1 schema's shape) and xmllint as a cross-check, its errors as form fields in
 * words (issue #56 items 4 and 8). */

const SCHEMA = 'tests/fixtures/goaml/verity-goaml.xsd'

const entity: ReportingEntity = {
  rentityId: 1234,
  rentityBranch: 'Head office',
  reportingUserCode: 'VERITY01',
  currency: 'EUR',
  address: 'Hauptstrasse 1',
  city: 'Berlin',
  country: 'DE',
  submissionCode: 'E',
  addressType: '-',
  partyRole: '-',
}

function fields(): ReportFields {
  return {
    subject: {
      firstName: 'Ivan',
      middleName: '',
      lastName: 'Petrov',
      birthdate: '1970-01-31',
      nationality: 'RU',
      passportNumber: 'X1234567',
      passportCountry: 'RU',
      idNumber: '',
    },
    subjectSource: 'verification V1',
    reason: 'Confirmed sanctions match. [c1]',
    action: 'Case closed as a true match. [c2]',
    partyReason: 'Confirmed match on Ivan PETROV.',
    indicators: ['-'],
    citations: [],
  }
}

const report = (f = fields()): XmlReport => ({
  code: 'STR',
  entityReference: 'verity-case-7-report-1',
  prevRejectedRef: null,
  date: '2026-11-28T10:00:00.000Z',
  fields: f,
})

const dir = mkdtempSync(join(tmpdir(), 'verity-goaml-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** xmllint's verdict on the file, as a second opinion on libxml2-wasm's. */
function xmllint(xml: string): boolean {
  const file = join(dir, `r${Math.random().toString(16).slice(2)}.xml`)
  writeFileSync(file, xml)
  try {
    execFileSync('xmllint', ['--noout', '--schema', SCHEMA, file], { stdio: 'pipe' })
    return true
  } catch {
    return false
  }
}

describe('the goAML XML', () => {
  it('is an activity report in schema order that validates against the schema', () => {
    const { errors, xml } = validateReport(entity, report(), SCHEMA)
    expect(errors).toEqual([])
    expect(xml).toContain('<report_code>STR</report_code>')
    expect(xml).toContain('<submission_date>2026-11-28T00:00:00</submission_date>')
    expect(xml).toMatch(
      /<activity>\s*<report_parties>\s*<report_party>\s*<role>-<\/role>\s*<person>\s*<first_name>Ivan<\/first_name>/,
    )
    expect(xml).toContain('<passport_country>RU</passport_country>')
    expect(xml).toContain('<is_suspected>true</is_suspected>')
    expect(xmllint(xml!)).toBe(true)
  })

  it('escapes markup in names and narrative, and the file still validates', () => {
    const hostile = fields()
    hostile.subject.lastName = `O'Brien <script>&amp; "x" ]]>`
    hostile.reason = '</reason><injected>1</injected><!-- & --> &#x1; &#65;'
    const xml = buildReportXml(entity, report(hostile))
    expect(xml).not.toContain('<injected>')
    expect(xml).toContain('&lt;/reason&gt;&lt;injected&gt;1&lt;/injected&gt;')
    // Text that looks like a character reference stays text.
    expect(xml).toContain('&amp;#x1; &amp;#65;')
    expect(xml).toContain('O\'Brien &lt;script&gt;&amp;amp; "x" ]]&gt;')
    expect(validateReport(entity, report(hostile), SCHEMA).errors).toEqual([])
    expect(xmllint(xml)).toBe(true)
  })

  it.each([
    [
      'a control character in the last name',
      'subject.lastName',
      'Petr\u0001ov',
      "The subject's last name holds a character a goAML file cannot carry (U+0001)",
    ],
    [
      'a lone surrogate in the narrative',
      'reason',
      'Text \uD800 here',
      'The narrative (reason) holds a character a goAML file cannot carry (U+D800)',
    ],
  ])('refuses %s with an error naming the field, and makes no file', (_, field, value, message) => {
    const bad = fields()
    if (field === 'reason') bad.reason = value
    else bad.subject.lastName = value
    expect(() => buildReportXml(entity, report(bad))).toThrow(XmlTextError)
    expect(validateReport(entity, report(bad), SCHEMA)).toEqual({
      errors: [{ field, message }],
      xml: null,
    })
  })

  it('refuses the same characters at the API, naming the field', () => {
    const parsed = reportPatch.safeParse({ subject: { firstName: 'I\u0007van' } })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]?.message).toBe(
      "The subject's first name holds a character a goAML file cannot carry (U+0007)",
    )
  })
})

describe('errors as fields, in words', () => {
  it("says the subject's last name is required, not an XPath", () => {
    const missing = fields()
    missing.subject.lastName = ''
    const { errors } = validateReport(entity, report(missing), SCHEMA)
    expect(errors).toEqual([
      { field: 'subject.lastName', message: "The subject's last name is required." },
    ])
  })

  it('names the setting when the reporting entity is not configured', () => {
    const { errors } = validateReport(
      { ...entity, rentityId: null, reportingUserCode: null },
      report(),
      SCHEMA,
    )
    expect(errors).toContainEqual({
      field: 'entity',
      message: "The reporting entity's id is not set (GOAML_RENTITY_ID).",
    })
    expect(errors).toContainEqual({
      field: 'entity',
      message: 'The reporting user code is not set (GOAML_REPORTING_USER_CODE).',
    })
  })

  it("turns the schema's facets into sentences about the form's fields", () => {
    const wrong = fields()
    wrong.subject.nationality = 'RUS'
    wrong.subject.firstName = 'A'.repeat(101)
    const { errors } = validateReport({ ...entity, currency: 'XYZ' }, report(wrong), SCHEMA)
    expect(errors).toEqual(
      expect.arrayContaining([
        {
          field: 'subject.firstName',
          message: "The subject's first name is too long: at most 100 characters.",
        },
        {
          field: 'entity',
          message: "The local currency (GOAML_CURRENCY) is not a code the FIU's list allows.",
        },
      ]),
    )
    // A three-letter nationality (as documents write it) is refused by the schema's pattern.
    const nationality = fields()
    nationality.subject.nationality = 'RUS'
    expect(validateReport(entity, report(nationality), SCHEMA).errors).toEqual([
      {
        field: 'subject.nationality',
        message: "The subject's nationality is not in the form the FIU asks for.",
      },
    ])
  })

  it('reads libxml2 messages on missing and unexpected elements', () => {
    expect(
      fieldErrorOf({
        message: "Element 'person': Missing child element(s). Expected is ( last_name ).\n",
        xpath: '/report/activity/report_parties/report_party/person',
      }),
    ).toEqual({ field: 'subject.lastName', message: "The subject's last name is required." })
    expect(
      fieldErrorOf({
        message:
          "Element 'report': Missing child element(s). Expected is one of ( reason, action, activity ).\n",
        xpath: '/report',
      }),
    ).toEqual({ field: 'reason', message: 'The narrative (reason) is required.' })
  })

  it("without a schema, checks Verity's own rules only", () => {
    const wrong = fields()
    wrong.subject.nationality = 'RUS'
    expect(validateReport(entity, report(wrong), null).errors).toEqual([])
  })
})
