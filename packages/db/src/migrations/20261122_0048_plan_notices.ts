import { sql, type Kysely } from 'kysely';

/**
 * Issue 24, the daily due reminders (`plans.dueScan`): one row per plan, state (due, overdue) and due date the job
 * found, so each transition is notified once whatever how often the job runs. The row keeps who to tell (the plan's
 * inspector, the machine's customer and site when the plan asks for a reminder) and when each e-mail went out: the
 * inspector's one message a day and the customer's reminder read the rows not yet sent.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('inspection_plan_notices')
    .addColumn('plan_id', 'uuid', (c) => c.notNull().references('inspection_plans.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('due', 'overdue')`))
    .addColumn('due_on', 'date', (c) => c.notNull())
    .addColumn('notified_on', 'date', (c) => c.notNull())
    .addColumn('inspector_user_id', 'uuid')
    .addColumn('customer_id', 'uuid')
    .addColumn('customer_site_id', 'uuid')
    .addColumn('remind_customer', 'boolean', (c) => c.notNull())
    .addColumn('mailed_at', 'timestamptz')
    .addColumn('reminded_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('inspection_plan_notices_pk', ['plan_id', 'state', 'due_on'])
    .execute();
  await sql`create index inspection_plan_notices_unmailed on inspection_plan_notices (inspector_user_id)
    where mailed_at is null and inspector_user_id is not null`.execute(db);
  await sql`create index inspection_plan_notices_unreminded on inspection_plan_notices (customer_id, customer_site_id)
    where remind_customer and reminded_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('inspection_plan_notices').execute();
}
