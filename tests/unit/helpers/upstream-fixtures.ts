/** Small valid upstream bodies, one per endpoint, for the fake upstream to answer with. */

export const PROFILE_ID = '01827ed4-c928-7a3c-9a30-7ab7cc169d11'
export const SEARCH_ID = 'a4dac0fc-495b-4a1b-8712-4f1a0231260e'
export const SHORT_ID = 'VF57124F182867E0'
export const WEBHOOK_ID = '8c8e7195-f176-4279-bf46-98eed9acdb35'
export const RECORD_ID = 'ef12baa7-23bb-442b-be2f-bb3b796c03b0'

export const profile = {
  profile_id: PROFILE_ID,
  name: 'default',
  is_default: true,
  settings: { poi_required: true, countries: ['FR'] },
}

export const profilePage = { data: [profile], has_next: true }

export const verification = {
  id: '46f67eb6-1486-49f5-95cd-69313e392f35',
  applicant_id: '08c0091e-dd28-4c35-9d8f-5c4194e71fc3',
  status: 'verified',
  verification_url_id: SHORT_ID,
  checks: { document_mrz: { status: 'verified', errors: [], pending_documents: [], data: null } },
}

export const amlResult = {
  requested_name: 'JOHN DOE',
  search_uuid: SEARCH_ID,
  data: [{ uuid: '21467660-1f40-4296-89f0-7c39e7db566b', type: 'Person', risk_score: 'Low' }],
}

export const webhookPage = {
  data: [{ id: RECORD_ID, webhook_id: WEBHOOK_ID, event_type: 'DOCVER', payload: {} }],
  has_next: false,
}
