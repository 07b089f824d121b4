-- Data step, hand-written: a member's read marks are now read as ranges without gaps, each ending
-- where the next starts or at read_seq. Marks written before this kept an exact end, and a
-- member's read_seq could have been moved past the last one without a mark (by the receipts
-- migration, which counted a member's own newest message as read): that tail gets its own mark,
-- at the minute of the message read_seq points at (their own message, posted then). Where that
-- minute already has a mark, the tail belongs to it anyway.
INSERT INTO "group_receipt_marks" (group_id, user_id, kind, at, from_seq, seq)
SELECT gm.group_id, gm.user_id, 'read', date_trunc('minute', m.created_at), last.seq, gm.read_seq
FROM "group_members" gm
JOIN "messages" m ON m.group_id = gm.group_id AND m.seq = gm.read_seq
CROSS JOIN LATERAL (
  SELECT k.seq FROM "group_receipt_marks" k
  WHERE k.group_id = gm.group_id AND k.user_id = gm.user_id AND k.kind = 'read'
  ORDER BY k.from_seq DESC, k.at DESC LIMIT 1
) last
WHERE last.seq < gm.read_seq
ON CONFLICT (group_id, user_id, kind, at) DO NOTHING;
