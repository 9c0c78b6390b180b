/* Sources, outlets and other AML vocabulary the report generator draws from. */

export const TAGS = [
  'Sanction',
  'PEP',
  'Media',
  'Debarred',
  'Associate',
  'CompanyRegistry',
  'RegulatoryWarning',
  'UnofficialSource',
  'PublicInterest',
] as const

export const SOURCES = [
  {
    source_id: 'OFAC_SDN',
    name: 'OFAC Specially Designated Nationals',
    source_url: 'https://sanctionssearch.ofac.treas.gov/',
    tag: 'Sanction',
  },
  {
    source_id: 'EU_FSF',
    name: 'EU Financial Sanctions Files',
    source_url:
      'https://data.europa.eu/data/datasets/consolidated-list-of-persons-groups-and-entities-subject-to-eu-financial-sanctions',
    tag: 'Sanction',
  },
  {
    source_id: 'UK_HMT',
    name: 'UK HM Treasury Consolidated List',
    source_url:
      'https://www.gov.uk/government/publications/financial-sanctions-consolidated-list-of-targets',
    tag: 'Sanction',
  },
  {
    source_id: 'UN_SC',
    name: 'UN Security Council Consolidated List',
    source_url: 'https://www.un.org/securitycouncil/content/un-sc-consolidated-list',
    tag: 'Sanction',
  },
  {
    source_id: 'EVERY_POLITICIAN',
    name: 'EveryPolitician',
    source_url: 'https://everypolitician.org/',
    tag: 'PEP',
  },
  {
    source_id: 'WIKIDATA_PEP',
    name: 'Wikidata politically exposed persons',
    source_url: 'https://www.wikidata.org/',
    tag: 'PEP',
  },
  {
    source_id: 'US_SAM_EXCLUSIONS',
    name: 'US SAM Procurement Exclusions',
    source_url: 'https://sam.gov/data-services/Exclusions/Public%20V2?privacy=Public',
    tag: 'Debarred',
  },
  {
    source_id: 'WB_DEBARRED',
    name: 'World Bank Debarred Firms and Individuals',
    source_url: 'https://www.worldbank.org/en/projects-operations/procurement/debarred-firms',
    tag: 'Debarred',
  },
  {
    source_id: 'GB_COH',
    name: 'UK Companies House',
    source_url: 'https://find-and-update.company-information.service.gov.uk/',
    tag: 'CompanyRegistry',
  },
  {
    source_id: 'FCA_WARNINGS',
    name: 'FCA Warning List',
    source_url: 'https://www.fca.org.uk/consumers/warning-list-unauthorised-firms',
    tag: 'RegulatoryWarning',
  },
  {
    source_id: 'ICIJ_LEAKS',
    name: 'ICIJ Offshore Leaks',
    source_url: 'https://offshoreleaks.icij.org/',
    tag: 'UnofficialSource',
  },
  {
    source_id: 'INTERPOL_RED',
    name: 'Interpol Red Notices',
    source_url: 'https://www.interpol.int/How-we-work/Notices/Red-Notices',
    tag: 'PublicInterest',
  },
] as const

export const REASONS = [
  'Involvement in activities undermining the territorial integrity of a sovereign state.',
  'Designated for providing financial support to a sanctioned regime.',
  'Member of the national parliament.',
  'Excluded from federal procurement for fraudulent billing.',
  'Unauthorised firm offering investment services.',
]

export const OUTLETS = [
  { source_name: 'Reuters', host: 'https://www.reuters.com' },
  { source_name: 'BBC News', host: 'https://www.bbc.co.uk/news' },
  { source_name: 'Le Monde', host: 'https://www.lemonde.fr' },
  { source_name: 'Der Spiegel', host: 'https://www.spiegel.de' },
  { source_name: 'Al Jazeera', host: 'https://www.aljazeera.com' },
  { source_name: 'South China Morning Post', host: 'https://www.scmp.com' },
  { source_name: 'Kathimerini', host: 'https://www.kathimerini.gr' },
  { source_name: 'Meduza', host: 'https://meduza.io' },
] as const

export const HEADLINES = [
  'Court freezes assets linked to %s in money laundering probe',
  '%s named in leaked offshore registry documents',
  'Regulator fines firm tied to %s over sanctions breaches',
  '%s re-elected to regional council',
  'Prosecutors drop charges against %s after two-year investigation',
  "%s donates to children's hospital in hometown",
  'Investigation: how %s moved millions through shell companies',
]

export const ROLES = [
  'Member of Parliament',
  'Deputy Minister of Finance',
  'Regional Governor',
  'Ambassador',
  'Central Bank Board Member',
  'Mayor',
  'Judge of the Supreme Court',
]
export const OCCUPATIONS = [
  'Businessman',
  'Politician',
  'Banker',
  'Lawyer',
  'Military officer',
  'Shipping executive',
  'Oligarch',
  'Investor',
]
export const RELATIONSHIPS = [
  { relationship: 'spouse', is_relative: true },
  { relationship: 'son', is_relative: true },
  { relationship: 'brother', is_relative: true },
  { relationship: 'business partner', is_relative: false },
  { relationship: 'associate', is_relative: false },
  { relationship: 'director of the same company', is_relative: false },
] as const

export const COMPANY_NAMES = [
  'Northwind Holdings Ltd',
  'Baltic Shipping Group',
  'Aurum Capital Partners',
  'Sino-Euro Trade Co.',
  'Gulf Star Petroleum LLC',
  'Ostrov Invest OOO',
  'Helios Maritime S.A.',
  'ABC Health Care Inc.',
  'Kestrel Aviation Leasing',
  'Meridian Gold Refinery',
]
export const VESSEL_NAMES = [
  'OCEAN PEARL',
  'SEA EAGLE',
  'ARCTIC STAR',
  'NOVA BALTICA',
  'LADY ANASTASIA',
]
export const AIRCRAFT = [
  'Gulfstream G650 M-ABCD',
  'Bombardier Global 6000 VP-BOR',
  'Airbus A319CJ P4-RLA',
  'Boeing 737 BBJ VP-BBJ',
]
export const WALLETS = [
  { id: 'bc1qa5wkgaew2dkv56kfvj49j0av5nml45x9ek9hz6', currency: 'BTC' },
  { id: '0x8589427373d6d84e98730d7795d8f6f8731fda16', currency: 'ETH' },
  { id: 'TNaRAoLUyYEV2uF7GUrzSjRQTU8v5ZJ5VR', currency: 'USDT' },
] as const

export const FATF = [
  {
    country: 'IR',
    description: 'High-risk jurisdiction subject to a call for action',
    url: 'https://www.fatf-gafi.org/en/publications/High-risk-and-other-monitored-jurisdictions.html',
  },
  {
    country: 'KP',
    description: 'High-risk jurisdiction subject to a call for action',
    url: 'https://www.fatf-gafi.org/en/publications/High-risk-and-other-monitored-jurisdictions.html',
  },
  {
    country: 'AE',
    description: 'Jurisdiction formerly under increased monitoring',
    url: 'https://www.fatf-gafi.org/en/countries/detail/United-Arab-Emirates.html',
  },
  {
    country: 'ZA',
    description: 'Jurisdiction under increased monitoring',
    url: 'https://www.fatf-gafi.org/en/countries/detail/South-Africa.html',
  },
  {
    country: 'NG',
    description: 'Jurisdiction under increased monitoring',
    url: 'https://www.fatf-gafi.org/en/countries/detail/Nigeria.html',
  },
] as const
