import { activitySearchParams, type ActivityFilters } from '@/lib/audit/activity-query'

/*
 * Every page path of the app, built here and nowhere else, so links, redirects and the search box
 * agree on one spelling and every id is encoded once.
 */

export const homePath = '/'
export const profilesPath = '/profiles'
export const signInPath = '/auth/sign-in'

export function profileListPath({ page, limit }: { page: number; limit: number }) {
  return `${profilesPath}?page=${page}&limit=${limit}`
}

export function profilePath(profileId: string) {
  return `${profilesPath}/${encodeURIComponent(profileId)}`
}

export function verificationPath(shortId: string) {
  return `/verifications/${encodeURIComponent(shortId)}`
}

/** The short form support tickets link to; it shows the same page. */
export function shortVerificationPath(shortId: string) {
  return `/v/${encodeURIComponent(shortId)}`
}

/**
 * An AML report; `subject` (lib/review/subject.ts `subjectParam`) says who was screened, so the
 * report can compare each match with that person.
 */
export function amlReportPath(searchId: string, subject?: string | null) {
  const path = `/aml/${encodeURIComponent(searchId)}`
  return subject ? `${path}?subject=${encodeURIComponent(subject)}` : path
}

/** The webhook history, filtered to one webhook when an id is given. */
export function webhooksPath(webhookId?: string) {
  return webhookId ? `/webhooks?webhook_id=${encodeURIComponent(webhookId)}` : '/webhooks'
}

/** Everything the audit trail recorded, filtered (see lib/audit/activity-filters.ts). */
export function activityPath(filters: Partial<ActivityFilters> = {}) {
  const query = activitySearchParams(filters).toString()
  return query ? `/activity?${query}` : '/activity'
}

/** How far the mirror of the webhook history reaches, and how its sync is doing. */
export const historySyncPath = '/history-sync'

/** One case (lib/cases/). */
export function casePath(id: number) {
  return `/cases/${id}`
}

/** Reports to the FIU (lib/fiu-reports/), optionally of one state. */
export function reportsPath(state?: string) {
  return state ? `/reports?state=${encodeURIComponent(state)}` : '/reports'
}

/** One report to the FIU. */
export function reportPath(id: number) {
  return `/reports/${id}`
}

/** The work queue as it opens; a view with filters is lib/cases/views.ts `queueHref`. */
export function queuePath() {
  return '/queue'
}

/** Every mirrored event of one applicant. */
export function applicantPath(applicantId: string) {
  return `/applicants/${encodeURIComponent(applicantId)}`
}

/** Search over the mirror (names and ids); an exact id opens its record at once. */
export const searchPathBase = '/search'

export function searchPath(query: string) {
  return `${searchPathBase}?q=${encodeURIComponent(query)}`
}

/** What Verity has told the team and each analyst, and how each message fared (lib/notifications/). */
export const notificationsPath = '/notifications'

/** Which of the analyst's own events reach them by e-mail. */
export const notificationSettingsPath = '/settings/notifications'

/** What is due for erasure and when, holds, requests and past runs (lib/retention/): leads only. */
export const retentionPath = '/retention'
