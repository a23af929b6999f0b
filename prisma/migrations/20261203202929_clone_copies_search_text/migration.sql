-- A clone copies each message's full-text vector instead of computing it again (issue 17 item 8): the
-- tsvector of 50 messages cost PostgreSQL more CPU than the rest of a clone request together. A
-- GENERATED column cannot be written, so `search_text` becomes a plain column that a trigger fills:
-- on INSERT when the writer gives none (every writer but the clone), and on every UPDATE that changes
-- the content or the vector (so it cannot go stale). The expression is the one of recall_full_text,
-- now a function; existing values are kept as they are.

-- The searchable text of a message's content (recall_full_text): the text parts, the tool calls' names,
-- arguments and results, or the plain `content.content` summary when there are no text parts.
CREATE FUNCTION "message_search_text"("content" jsonb) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT to_tsvector('english'::regconfig,
    jsonb_path_query_array("content", '$.parts[*] ? (@.type == "text").text')
    || jsonb_path_query_array("content", '$.parts[*].toolInvocation.toolName')
    || jsonb_path_query_array("content", '$.parts[*].toolInvocation.args')
    || jsonb_path_query_array("content", '$.parts[*].toolInvocation.result')
    || CASE WHEN jsonb_path_exists("content", '$.parts[*] ? (@.type == "text")') THEN '[]'::jsonb
            ELSE jsonb_path_query_array("content", '$.content') END)
$$;

CREATE FUNCTION "messages_fill_search_text"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW."search_text" IS NULL THEN
      NEW."search_text" := "message_search_text"(NEW."content");
    END IF;
  ELSE
    NEW."search_text" := "message_search_text"(NEW."content");
  END IF;
  RETURN NEW;
END
$$;

-- AlterTable
ALTER TABLE "messages" ALTER COLUMN "search_text" DROP EXPRESSION;

CREATE TRIGGER "messages_fill_search_text" BEFORE INSERT OR UPDATE OF "content", "search_text" ON "messages"
FOR EACH ROW EXECUTE FUNCTION "messages_fill_search_text"();
