/** Country names for ISO 3166 codes, two- or three-letter, falling back to the code itself. */

const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' })

// Intl knows only alpha-2 codes; MRZ and poi_data use alpha-3.
const ALPHA3: Record<string, string> = {
  AFG: 'AF',
  ALB: 'AL',
  DZA: 'DZ',
  ARG: 'AR',
  ARM: 'AM',
  AUS: 'AU',
  AUT: 'AT',
  AZE: 'AZ',
  BHS: 'BS',
  BHR: 'BH',
  BGD: 'BD',
  BLR: 'BY',
  BEL: 'BE',
  BRA: 'BR',
  BGR: 'BG',
  KHM: 'KH',
  CAN: 'CA',
  CHL: 'CL',
  CHN: 'CN',
  COL: 'CO',
  HRV: 'HR',
  CUB: 'CU',
  CYP: 'CY',
  CZE: 'CZ',
  DNK: 'DK',
  EGY: 'EG',
  EST: 'EE',
  FIN: 'FI',
  FRA: 'FR',
  GEO: 'GE',
  DEU: 'DE',
  GHA: 'GH',
  GRC: 'GR',
  HKG: 'HK',
  HUN: 'HU',
  ISL: 'IS',
  IND: 'IN',
  IDN: 'ID',
  IRN: 'IR',
  IRQ: 'IQ',
  IRL: 'IE',
  ISR: 'IL',
  ITA: 'IT',
  JPN: 'JP',
  JOR: 'JO',
  KAZ: 'KZ',
  KEN: 'KE',
  PRK: 'KP',
  KOR: 'KR',
  KWT: 'KW',
  LVA: 'LV',
  LBN: 'LB',
  LTU: 'LT',
  LUX: 'LU',
  MYS: 'MY',
  MLT: 'MT',
  MEX: 'MX',
  MDA: 'MD',
  MCO: 'MC',
  MNE: 'ME',
  MAR: 'MA',
  MMR: 'MM',
  NLD: 'NL',
  NZL: 'NZ',
  NGA: 'NG',
  NOR: 'NO',
  OMN: 'OM',
  PAK: 'PK',
  PAN: 'PA',
  PER: 'PE',
  PHL: 'PH',
  POL: 'PL',
  PRT: 'PT',
  QAT: 'QA',
  ROU: 'RO',
  RUS: 'RU',
  SAU: 'SA',
  SRB: 'RS',
  SGP: 'SG',
  SVK: 'SK',
  SVN: 'SI',
  ZAF: 'ZA',
  ESP: 'ES',
  LKA: 'LK',
  SWE: 'SE',
  CHE: 'CH',
  SYR: 'SY',
  TWN: 'TW',
  THA: 'TH',
  TUR: 'TR',
  UKR: 'UA',
  ARE: 'AE',
  GBR: 'GB',
  USA: 'US',
  URY: 'UY',
  UZB: 'UZ',
  VEN: 'VE',
  VNM: 'VN',
  YEM: 'YE',
  ZWE: 'ZW',
  D: 'DE',
}

const ICU_DIFFERENCES: Record<string, string> = {
  FK: 'Falkland Islands',
  HK: 'Hong Kong',
  MO: 'Macao',
  PS: 'Palestinian Territories',
}

export function countryName(code: string | null | undefined): string | null {
  if (!code) return null
  const upper = code.trim().toUpperCase()
  // Passports write Germany as the one letter D in the machine-readable zone.
  const alpha2 = ALPHA3[upper] ?? (upper.length === 2 ? upper : null)
  if (!alpha2 || !/^[A-Z]{2}$/.test(alpha2)) return null
  // Node's and the browser's ICU name a few regions differently, which breaks hydration.
  const name = ICU_DIFFERENCES[alpha2] ?? names.of(alpha2)
  return name && name !== alpha2 && name !== 'Unknown Region' ? name : null
}

/** `Germany (DE)`, or the code alone when it is not a known country. */
export function countryLabel(code: string | null | undefined): string {
  if (!code) return ''
  const name = countryName(code)
  return name ? `${name} (${code})` : code
}

// Names upstream lists use that Intl does not give (or gives differently), upper case.
const NAME_ALIASES: Record<string, string> = {
  'UNITED STATES OF AMERICA': 'US',
  'GREAT BRITAIN': 'GB',
  BRITISH: 'GB',
  'CZECH REPUBLIC': 'CZ',
  'RUSSIAN FEDERATION': 'RU',
  'SOUTH KOREA': 'KR',
  'NORTH KOREA': 'KP',
  IRAN: 'IR',
  SYRIA: 'SY',
}

let byName: Map<string, string> | null = null

/** English region names to their alpha-2 codes, built once on first use. */
function codesByName(): Map<string, string> {
  if (byName) return byName
  byName = new Map(Object.entries(NAME_ALIASES))
  for (let first = 65; first <= 90; first++) {
    for (let second = 65; second <= 90; second++) {
      const code = String.fromCharCode(first, second)
      const name = countryName(code)?.toUpperCase()
      if (!name || canonical(code) !== code) continue
      // "Myanmar (Burma)" is also found as "Myanmar".
      for (const form of [name, name.replace(/ \(.*\)$/, '')])
        if (!byName.has(form)) byName.set(form, code)
    }
  }
  return byName
}

/**
 * The upper-case alpha-2 code of a two- or three-letter code or an English country name
 * ("Germany", "DEU", "de", MRZ "D"); null when it names no known country.
 */
export function countryCode(value: string | null | undefined): string | null {
  const upper = value?.trim().replace(/\s+/g, ' ').toUpperCase()
  if (!upper) return null
  const code = ALPHA3[upper] ?? (/^[A-Z]{2}$/.test(upper) ? canonical(upper) : null)
  if (code) return countryName(code) ? code : null
  return codesByName().get(upper) ?? null
}

/** The current code of a withdrawn one (UK is GB, DD was East Germany and is now DE). */
function canonical(alpha2: string): string {
  return Intl.getCanonicalLocales(`und-${alpha2}`)[0]?.slice(4) ?? alpha2
}
