import type { Knex } from 'knex';

/**
 * Creates `outbox` and `inbox` in a service's own schema. A service calls these from its own
 * knex migration:
 *
 *   export const up = (knex: Knex) => eventsMigration.up(knex, 'issuance');
 *   export const down = (knex: Knex) => eventsMigration.down(knex, 'issuance');
 *
 * The inbox key is (consumer, event_id), not event_id alone: two consumers of one service may
 * both receive the same event, and each must handle it once.
 */
export const eventsMigration = {
  async up(knex: Knex, schema: string): Promise<void> {
    await knex.schema.withSchema(schema).createTable('outbox', (t) => {
      t.text('id').primary();
      t.text('type').notNullable();
      t.jsonb('payload').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('published_at', { useTz: true }).nullable();
      t.integer('attempts').notNullable().defaultTo(0);
      t.text('last_error').nullable();
    });
    // The relay only ever reads unpublished rows; keep that scan small as published rows pile up.
    await knex.raw('create index outbox_unpublished_idx on ??.outbox (created_at, id) where published_at is null', [schema]);
    await knex.schema.withSchema(schema).createTable('inbox', (t) => {
      t.text('consumer').notNullable();
      t.text('event_id').notNullable();
      t.text('event_type').notNullable();
      t.timestamp('processed_at', { useTz: true }).notNullable();
      t.primary(['consumer', 'event_id']);
    });
  },
  async down(knex: Knex, schema: string): Promise<void> {
    await knex.schema.withSchema(schema).dropTableIfExists('inbox');
    await knex.schema.withSchema(schema).dropTableIfExists('outbox');
  },
};
