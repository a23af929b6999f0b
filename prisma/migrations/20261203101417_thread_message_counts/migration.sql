-- AlterTable
ALTER TABLE "threads" ADD COLUMN     "inherited_message_count" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "message_count" INTEGER NOT NULL DEFAULT 0;

-- threads.message_count: the thread's own rows, kept by statement-level triggers
-- (one UPDATE per statement, whatever the number of rows), so every writer
-- keeps it (storage, clones, materialize, promote, seeds) in its own statement.
CREATE FUNCTION threads_count_inserted_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE threads t SET message_count = t.message_count + d.n
  FROM (SELECT thread_id, count(*)::int AS n FROM inserted_rows GROUP BY thread_id) d
  WHERE t.id = d.thread_id;
  RETURN NULL;
END $$;

CREATE FUNCTION threads_count_deleted_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE threads t SET message_count = t.message_count - d.n
  FROM (SELECT thread_id, count(*)::int AS n FROM deleted_rows GROUP BY thread_id) d
  WHERE t.id = d.thread_id;
  RETURN NULL;
END $$;

-- an UPDATE only changes counts when it moves rows to another thread (promoteBranch)
CREATE FUNCTION threads_count_moved_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE threads t SET message_count = t.message_count + d.n
  FROM (
    SELECT thread_id, sum(n)::int AS n FROM (
      SELECT n.thread_id, 1 AS n FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.thread_id <> n.thread_id
      UNION ALL
      SELECT o.thread_id, -1 FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.thread_id <> n.thread_id
    ) moves GROUP BY thread_id
  ) d
  WHERE t.id = d.thread_id;
  RETURN NULL;
END $$;

CREATE TRIGGER messages_count_insert AFTER INSERT ON messages
  REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION threads_count_inserted_messages();
CREATE TRIGGER messages_count_delete AFTER DELETE ON messages
  REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION threads_count_deleted_messages();
CREATE TRIGGER messages_count_update AFTER UPDATE ON messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION threads_count_moved_messages();

-- existing rows: each thread's own messages, and what each branch reads through its ancestors
UPDATE threads t SET message_count = c.n
FROM (SELECT thread_id, count(*)::int AS n FROM messages GROUP BY thread_id) c
WHERE t.id = c.thread_id;

WITH RECURSIVE chain AS (
  SELECT r.id AS root_id, r.id AS level_id, 0 AS depth, NULL::text AS cut_owner, NULL::timestamptz(3) AS cut_at, NULL::text AS cut_id
  FROM threads r WHERE r.branch_parent_id IS NOT NULL
  UNION ALL
  SELECT ch.root_id, c.branch_parent_id, ch.depth + 1,
         CASE WHEN ch.cut_owner IS NULL OR ch.cut_owner = ch.level_id THEN c.branch_point_thread_id ELSE ch.cut_owner END,
         CASE WHEN ch.cut_owner IS NULL OR ch.cut_owner = ch.level_id THEN c.branch_point_created_at ELSE ch.cut_at END,
         CASE WHEN ch.cut_owner IS NULL OR ch.cut_owner = ch.level_id THEN c.branch_point_message_id ELSE ch.cut_id END
  FROM chain ch JOIN threads c ON c.id = ch.level_id
  WHERE c.branch_parent_id IS NOT NULL AND ch.depth < 1000
)
UPDATE threads t SET inherited_message_count = c.n
FROM (
  SELECT ch.root_id, count(*)::int AS n FROM chain ch
  JOIN messages m ON m.thread_id = ch.level_id AND ch.cut_owner = ch.level_id AND (m.created_at, m.id) <= (ch.cut_at, ch.cut_id)
  WHERE ch.depth > 0
  GROUP BY ch.root_id
) c
WHERE t.id = c.root_id;
