export * from './knex.js';
export * from './migrations.js';
export * from './database.js';
export * from './read-model.js';
export * from './rows.js';
