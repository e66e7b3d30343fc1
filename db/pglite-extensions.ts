/**
 * The PostgreSQL extensions the migrations create (pg_trgm, migration 0000; btree_gin,
 * migration 0049), as the embedded database loads them: every PGlite the app, its
 * backups and its tests open holds the same ones.
 */
export async function pgliteExtensions() {
  const [{ pg_trgm }, { btree_gin }] = await Promise.all([
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("@electric-sql/pglite/contrib/btree_gin"),
  ]);
  return { pg_trgm, btree_gin };
}
