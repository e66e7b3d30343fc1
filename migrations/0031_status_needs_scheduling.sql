-- A project type's status says whether its projects wait for a visit (the schedule's tray);
-- statuses written before say so as false.
UPDATE "project_type" SET "statuses" = (
  SELECT jsonb_agg(CASE WHEN s ? 'needs_scheduling' THEN s ELSE s || '{"needs_scheduling": false}'::jsonb END ORDER BY n)
  FROM jsonb_array_elements("statuses") WITH ORDINALITY AS e(s, n)
)
WHERE EXISTS (SELECT 1 FROM jsonb_array_elements("statuses") AS e(s) WHERE NOT s ? 'needs_scheduling');
