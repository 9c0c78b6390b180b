import type { Migration, MigrationProvider } from 'kysely/migration'

import * as initial from './migrations/0001-audit-and-sessions'
import * as review from './migrations/0002-review'
import * as historyMirror from './migrations/0004-history-mirror'
import * as historySync from './migrations/0005-history-sync'
import * as cases from './migrations/0006-cases'
import * as analystIdentity from './migrations/0007-analyst-identity'
import * as actionLimits from './migrations/0008-action-limits'
import * as historySearch from './migrations/0009-history-search'
import * as analytics from './migrations/0010-analytics'
import * as historyIndexes from './migrations/0012-history-indexes'
import * as analyticsRollups from './migrations/0013-analytics-rollups'
import * as historySuperseded from './migrations/0014-history-superseded'
import * as caseRecordFacts from './migrations/0015-case-record-facts'
import * as historyWriteCost from './migrations/0016-history-write-cost'
import * as caseFactsGiven from './migrations/0017-case-facts-given'
import * as auditAppendFunction from './migrations/0018-audit-append-function'
import * as historySetAside from './migrations/0019-history-set-aside'
import * as evidenceSigningKey from './migrations/0020-evidence-signing-key'
import * as historyDeliveries from './migrations/0021-history-deliveries'
import * as notifications from './migrations/0022-notifications'
import * as lastingDecisions from './migrations/0023-lasting-decisions'
import * as caseClock from './migrations/0024-case-clock'
import * as dropSuperseded from './migrations/0025-drop-superseded'
import * as sessionEndNotice from './migrations/0027-session-end-notice'
import * as fingerprintAndCopies from './migrations/0030-fingerprint-and-copies'
import * as refusalCounts from './migrations/0031-refusal-counts'
import * as fiuReports from './migrations/0032-fiu-reports'
import * as caseReportEvents from './migrations/0033-case-report-events'
import * as retention from './migrations/0035-retention'
import * as closureFourEyes from './migrations/0038-closure-four-eyes'
import * as qualityAssurance from './migrations/0039-quality-assurance'
import * as auditSequencer from './migrations/0043-audit-sequencer'
import * as openCasesOrder from './migrations/0044-open-cases-order'

/*
 * Every migration, in order, imported rather than read from disk: the standalone server carries
 * them in its bundle. A new one gets the next number and is never edited once released.
 */
const migrations: Record<string, Migration> = {
  '0001-audit-and-sessions': initial,
  '0002-review': review,
  '0004-history-mirror': historyMirror,
  '0005-history-sync': historySync,
  '0006-cases': cases,
  '0007-analyst-identity': analystIdentity,
  '0008-action-limits': actionLimits,
  '0009-history-search': historySearch,
  '0010-analytics': analytics,
  '0012-history-indexes': historyIndexes,
  '0013-analytics-rollups': analyticsRollups,
  '0014-history-superseded': historySuperseded,
  '0015-case-record-facts': caseRecordFacts,
  '0016-history-write-cost': historyWriteCost,
  '0017-case-facts-given': caseFactsGiven,
  '0018-audit-append-function': auditAppendFunction,
  '0019-history-set-aside': historySetAside,
  '0020-evidence-signing-key': evidenceSigningKey,
  '0021-history-deliveries': historyDeliveries,
  '0022-notifications': notifications,
  '0023-lasting-decisions': lastingDecisions,
  '0024-case-clock': caseClock,
  '0025-drop-superseded': dropSuperseded,
  '0027-session-end-notice': sessionEndNotice,
  '0030-fingerprint-and-copies': fingerprintAndCopies,
  '0031-refusal-counts': refusalCounts,
  '0032-fiu-reports': fiuReports,
  '0033-case-report-events': caseReportEvents,
  '0035-retention': retention,
  '0038-closure-four-eyes': closureFourEyes,
  '0039-quality-assurance': qualityAssurance,
  '0043-audit-sequencer': auditSequencer,
  '0044-open-cases-order': openCasesOrder,
}

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
}
