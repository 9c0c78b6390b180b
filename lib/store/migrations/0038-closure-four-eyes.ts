import { sql, type Kysely } from 'kysely'

/*
 * Four eyes on closing (issue #58): closing a case with an outcome that CASE_CLOSE_FOUR_EYES names
 * is a proposal until a lead who did not propose confirms it. The case waits in
 * `awaiting_closure`, with the proposal beside it (outcome, reason, who and when); its outcome
 * stays null until confirmed, so "closed" and "has an outcome" still go together.
 */
const statements = [
  `alter table cases drop constraint cases_state_check`,
  `alter table cases add constraint cases_state_check
    check (state in ('open', 'in_review', 'waiting', 'escalated', 'awaiting_closure', 'closed'))`,
  `alter table cases add column proposed_outcome text
    check (proposed_outcome in ('false_positive', 'true_match', 'no_action_needed'))`,
  `alter table cases add column proposed_reason text`,
  `alter table cases add column proposed_by text`,
  `alter table cases add column proposed_by_label text`,
  `alter table cases add column proposed_at timestamptz`,
  `alter table cases add constraint cases_proposal_check
    check (state <> 'awaiting_closure' or (proposed_outcome is not null and proposed_by is not null))`,
  `create index cases_awaiting_closure on cases (due_at, id) where state = 'awaiting_closure'`,
]

export async function up(db: Kysely<unknown>) {
  for (const statement of statements) await sql.raw(statement).execute(db)
}
