-- Every change a conversation's reader could see NOTIFYs its id on `conversation_changed`, whoever
-- writes it (chat, agent, proposals, experts, external agents, hand-over, admin), so the in-memory
-- read answers and event streams of every instance learn of it (docs/decisions/016-polls-from-memory.md).
-- Identical notifications of one transaction are delivered once.
CREATE FUNCTION notify_conversation_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'conversations' THEN
    PERFORM pg_notify('conversation_changed', OLD.id::text);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('conversation_changed', OLD.conversation_id::text);
  ELSE
    PERFORM pg_notify('conversation_changed', NEW.conversation_id::text);
    IF TG_OP = 'UPDATE' AND OLD.conversation_id IS DISTINCT FROM NEW.conversation_id AND OLD.conversation_id IS NOT NULL THEN
      PERFORM pg_notify('conversation_changed', OLD.conversation_id::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER messages_notify_conversation_changed AFTER INSERT OR UPDATE OR DELETE ON messages
  FOR EACH ROW EXECUTE FUNCTION notify_conversation_changed();
--> statement-breakpoint
CREATE TRIGGER tasks_notify_conversation_changed AFTER UPDATE OF status, conversation_id ON tasks
  FOR EACH ROW WHEN (NEW.conversation_id IS NOT NULL) EXECUTE FUNCTION notify_conversation_changed();
--> statement-breakpoint
CREATE TRIGGER conversations_notify_conversation_changed AFTER UPDATE OF owner_id OR DELETE ON conversations
  FOR EACH ROW EXECUTE FUNCTION notify_conversation_changed();
