import 'server-only'

import { getEnv } from '@/lib/env'

/*
 * The reporting entity and the FIU's code lists, from the environment (lib/env.js): each code list
 * Verity fills defaults to the generic goAML 5.0.1 schema's value, so the XML validates against
 * the generic schema with no code set.
 */

export type GoamlSettings = {
  schemaPath: string | null
  rentityId: number | null
  rentityBranch: string | null
  reportingUserCode: string | null
  currency: string
  address: string | null
  city: string | null
  country: string | null
  reportCodes: string[]
  indicators: string[]
  submissionCode: string
  addressType: string
  partyRole: string
  dueDays: number
}

export function goamlSettings(): GoamlSettings {
  const env = getEnv()
  return {
    schemaPath: env.GOAML_SCHEMA ?? null,
    rentityId: env.GOAML_RENTITY_ID ?? null,
    rentityBranch: env.GOAML_RENTITY_BRANCH ?? null,
    reportingUserCode: env.GOAML_REPORTING_USER_CODE ?? null,
    currency: env.GOAML_CURRENCY,
    address: env.GOAML_ADDRESS ?? null,
    city: env.GOAML_CITY ?? null,
    country: env.GOAML_COUNTRY ?? null,
    reportCodes: env.GOAML_REPORT_CODES,
    indicators: env.GOAML_INDICATORS,
    submissionCode: env.GOAML_SUBMISSION_CODE,
    addressType: env.GOAML_ADDRESS_TYPE,
    partyRole: env.GOAML_PARTY_ROLE,
    dueDays: env.REPORT_DUE_DAYS,
  }
}
