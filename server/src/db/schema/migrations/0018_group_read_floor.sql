ALTER TABLE "groups" ADD COLUMN "read_floor_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Data step, hand-written: each group's read floor from what its messages say so far (the newest
-- marked READ) and from its active members' read watermarks, whichever is further. The messages
-- already READ keep their status; every one of them is at or below the floor.
UPDATE "groups" g SET read_floor_seq = greatest(
  coalesce((SELECT max(m.seq) FROM "messages" m WHERE m.group_id = g.id AND m.status = 'READ'), 0),
  coalesce((SELECT min(gm.read_seq) FROM "group_members" gm JOIN "users" u ON u.id = gm.user_id AND u.active WHERE gm.group_id = g.id), 0)
);
