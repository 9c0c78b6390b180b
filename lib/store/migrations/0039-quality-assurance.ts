import { sql, type Kysely } from 'kysely'

/*
 * Quality assurance (issue #58). A draw samples a period's closed cases from a random seed; it
 * keeps the population it drew from (each closure, its analyst and when that analyst began), so
 * anyone can redraw it from the seed and compare (lib/qa/draw.ts), and the audit trail holds the
 * seed and the sampled ids. A result is a lead's pass or fail of one sampled case; neither table
 * is ever changed: a correction is a new result naming the one it corrects. A weekly draw is made
 * once per week whatever the number of instances (its unique index). Days are kept as
 * YYYY-MM-DD text, which sorts as the days do and reads the same from either store.
 */
const statements = [
  `create table qa_draws (
    id bigint generated always as identity primary key,
    kind text not null check (kind in ('weekly', 'on_demand')),
    period_from text not null check (period_from ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    period_to text not null check (period_to ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    seed text not null,
    percent int not null,
    new_analyst_days int not null,
    population jsonb not null,
    sample jsonb not null,
    drawn_by text not null,
    drawn_by_label text not null,
    drawn_at timestamptz not null
  )`,
  `create unique index qa_draws_weekly on qa_draws (period_from) where kind = 'weekly'`,
  `create index qa_draws_period on qa_draws (period_to, period_from)`,
  `create table qa_results (
    id bigint generated always as identity primary key,
    case_id bigint not null references cases (id),
    draw_id bigint not null references qa_draws (id),
    result text not null check (result in ('pass', 'fail')),
    reason text,
    corrects bigint references qa_results (id),
    analyst_id text not null,
    user_label text not null,
    at timestamptz not null,
    check (result = 'pass' or reason is not null)
  )`,
  `create index qa_results_case on qa_results (case_id, id)`,
  `create index qa_results_at on qa_results (at)`,
]

const appendOnly = (table: string) => [
  `create trigger ${table}_append_only before update or delete on ${table}
    for each row execute function verity_review_append_only()`,
  `create trigger ${table}_no_truncate before truncate on ${table}
    for each statement execute function verity_review_append_only()`,
]

export async function up(db: Kysely<unknown>) {
  for (const statement of [...statements, ...appendOnly('qa_draws'), ...appendOnly('qa_results')]) {
    await sql.raw(statement).execute(db)
  }
}
