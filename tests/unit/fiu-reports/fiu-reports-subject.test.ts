import { describe, expect, it } from 'vitest'

import { goamlCountry, subjectFromName, subjectFromVerification } from '@/lib/fiu-reports/subject'
import { verificationSchema } from '@/lib/upstream/schemas'

/* The report's subject from the verified document, its countries as goAML's two-letter codes
 * (issue #56 item 3). */

describe('country codes for goAML', () => {
  it.each([
    ['DEU', 'DE'],
    ['D', 'DE'],
    ['gbr', 'GB'],
    ['RU', 'RU'],
    ['UK', 'GB'],
    ['Germany', 'DE'],
    ['XXX', ''],
    [null, ''],
  ])('%s is %s', (value, code) => {
    expect(goamlCountry(value)).toBe(code)
  })
})

describe('the subject of a report', () => {
  it('comes from the verified passport: names, birth date, nationality, number and issuing country', () => {
    const verification = verificationSchema.parse({
      id: 'v1',
      documents: [{ document_type: 'passport' }],
      poi_data: {
        raw_mrz_type: 'TD3',
        name: 'Ivan',
        surname: 'Petrov',
        birth_date: '1970-01-31',
        nationality: 'RUS',
        country: 'RUS',
        document_number: 'X1234567',
      },
    })
    expect(subjectFromVerification(verification)).toEqual({
      firstName: 'Ivan',
      middleName: '',
      lastName: 'Petrov',
      birthdate: '1970-01-31',
      nationality: 'RU',
      passportNumber: 'X1234567',
      passportCountry: 'RU',
      idNumber: '',
    })
  })

  it('writes an identity card number as id_number, and the MRZ when the document data is missing', () => {
    const verification = verificationSchema.parse({
      id: 'v2',
      documents: [{ document_type: 'id_card' }],
      checks: {
        document_mrz: {
          status: 'verified',
          data: {
            document_type: 'ID',
            name: 'ANNA',
            surname: 'MUELLER',
            nationality: 'D',
            doc_number: 'L01X00T47',
          },
        },
      },
    })
    const subject = subjectFromVerification(verification)
    expect(subject).toMatchObject({
      firstName: 'ANNA',
      lastName: 'MUELLER',
      nationality: 'DE',
      idNumber: 'L01X00T47',
      passportNumber: '',
    })
  })

  it('falls back to the name screened, its last word the last name', () => {
    expect(subjectFromName('Maria José Álvarez')).toMatchObject({
      firstName: 'Maria José',
      lastName: 'Álvarez',
    })
    expect(subjectFromName(null)).toMatchObject({ firstName: '', lastName: '' })
  })
})
