CREATE TABLE "request_start_counts" (
	"organizer_id" integer NOT NULL,
	"is_individual_tour" boolean NOT NULL,
	"date_start" date NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "request_start_counts_organizer_id_is_individual_tour_date_start_pk" PRIMARY KEY("organizer_id","is_individual_tour","date_start")
);
--> statement-breakpoint
CREATE TABLE "request_status_counts" (
	"organizer_id" integer NOT NULL,
	"is_individual_tour" boolean NOT NULL,
	"status" smallint NOT NULL,
	"source" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "request_status_counts_organizer_id_is_individual_tour_status_source_pk" PRIMARY KEY("organizer_id","is_individual_tour","status","source")
);
--> statement-breakpoint
CREATE TABLE "request_tour_counts" (
	"organizer_id" integer NOT NULL,
	"is_individual_tour" boolean NOT NULL,
	"tour_id" integer NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "request_tour_counts_organizer_id_is_individual_tour_tour_id_pk" PRIMARY KEY("organizer_id","is_individual_tour","tour_id")
);
--> statement-breakpoint
ALTER TABLE "request_start_counts" ADD CONSTRAINT "request_start_counts_organizer_id_organizers_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."organizers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_status_counts" ADD CONSTRAINT "request_status_counts_organizer_id_organizers_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."organizers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_tour_counts" ADD CONSTRAINT "request_tour_counts_organizer_id_organizers_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."organizers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The counters are kept by statement triggers on requests, in the writing transaction: one grouped
-- upsert per statement (a bulk insert of thousands of rows costs one), keys locked in key order.
CREATE FUNCTION request_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO request_status_counts AS c (organizer_id, is_individual_tour, status, source, count)
    SELECT organizer_id, is_individual_tour, status, source, sum(n)::int FROM (SELECT organizer_id, is_individual_tour, status, source, tour_id, date_start, 1 AS n FROM new_requests) d WHERE true
    GROUP BY organizer_id, is_individual_tour, status, source HAVING sum(n) <> 0 ORDER BY organizer_id, is_individual_tour, status, source
    ON CONFLICT (organizer_id, is_individual_tour, status, source) DO UPDATE SET count = c.count + EXCLUDED.count;
  INSERT INTO request_tour_counts AS c (organizer_id, is_individual_tour, tour_id, count)
    SELECT organizer_id, is_individual_tour, tour_id, sum(n)::int FROM (SELECT organizer_id, is_individual_tour, status, source, tour_id, date_start, 1 AS n FROM new_requests) d WHERE tour_id IS NOT NULL
    GROUP BY organizer_id, is_individual_tour, tour_id HAVING sum(n) <> 0 ORDER BY organizer_id, is_individual_tour, tour_id
    ON CONFLICT (organizer_id, is_individual_tour, tour_id) DO UPDATE SET count = c.count + EXCLUDED.count;
  INSERT INTO request_start_counts AS c (organizer_id, is_individual_tour, date_start, count)
    SELECT organizer_id, is_individual_tour, date_start, sum(n)::int FROM (SELECT organizer_id, is_individual_tour, status, source, tour_id, date_start, 1 AS n FROM new_requests) d WHERE date_start IS NOT NULL
    GROUP BY organizer_id, is_individual_tour, date_start HAVING sum(n) <> 0 ORDER BY organizer_id, is_individual_tour, date_start
    ON CONFLICT (organizer_id, is_individual_tour, date_start) DO UPDATE SET count = c.count + EXCLUDED.count;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update moves a request's count only when its key changed (a status, a tour, a start day):
-- the old keys less one, the new ones plus one, nothing written when they cancel out.
CREATE FUNCTION request_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO request_status_counts AS c (organizer_id, is_individual_tour, status, source, count)
    SELECT organizer_id, is_individual_tour, status, source, sum(n)::int FROM (SELECT organizer_id, is_individual_tour, status, source, tour_id, date_start, 1 AS n FROM new_requests UNION ALL SELECT organizer_id, is_individual_tour, status, source, tour_id, date_start, -1 AS n FROM old_requests) d WHERE true
    GROUP BY organizer_id, is_individual_tour, status, source HAVING sum(n) <> 0 ORDER BY organizer_id, is_individual_tour, status, source
    ON CONFLICT (organizer_id, is_individual_tour, status, source) DO UPDATE SET count = c.count + EXCLUDED.count;
  INSERT INTO request_tour_counts AS c (organizer_id, is_individual_tour, tour_id, count)
    SELECT organizer_id, is_individual_tour, tour_id, sum(n)::int FROM (SELECT organizer_id, is_individual_tour, status, source, tour_id, date_start, 1 AS n FROM new_requests UNION ALL SELECT organizer_id, is_individual_tour, status, source, tour_id, date_start, -1 AS n FROM old_requests) d WHERE tour_id IS NOT NULL
    GROUP BY organizer_id, is_individual_tour, tour_id HAVING sum(n) <> 0 ORDER BY organizer_id, is_individual_tour, tour_id
    ON CONFLICT (organizer_id, is_individual_tour, tour_id) DO UPDATE SET count = c.count + EXCLUDED.count;
  INSERT INTO request_start_counts AS c (organizer_id, is_individual_tour, date_start, count)
    SELECT organizer_id, is_individual_tour, date_start, sum(n)::int FROM (SELECT organizer_id, is_individual_tour, status, source, tour_id, date_start, 1 AS n FROM new_requests UNION ALL SELECT organizer_id, is_individual_tour, status, source, tour_id, date_start, -1 AS n FROM old_requests) d WHERE date_start IS NOT NULL
    GROUP BY organizer_id, is_individual_tour, date_start HAVING sum(n) <> 0 ORDER BY organizer_id, is_individual_tour, date_start
    ON CONFLICT (organizer_id, is_individual_tour, date_start) DO UPDATE SET count = c.count + EXCLUDED.count;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A delete only lowers rows that exist: an organizer deleted takes its counters and its requests
-- with it, and nothing is inserted for it on the way.
CREATE FUNCTION request_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE request_status_counts AS c SET count = c.count - d.n
    FROM (SELECT organizer_id, is_individual_tour, status, source, count(*)::int AS n FROM old_requests WHERE true GROUP BY organizer_id, is_individual_tour, status, source) d
    WHERE c.organizer_id = d.organizer_id AND c.is_individual_tour = d.is_individual_tour AND c.status = d.status AND c.source = d.source;
  UPDATE request_tour_counts AS c SET count = c.count - d.n
    FROM (SELECT organizer_id, is_individual_tour, tour_id, count(*)::int AS n FROM old_requests WHERE tour_id IS NOT NULL GROUP BY organizer_id, is_individual_tour, tour_id) d
    WHERE c.organizer_id = d.organizer_id AND c.is_individual_tour = d.is_individual_tour AND c.tour_id = d.tour_id;
  UPDATE request_start_counts AS c SET count = c.count - d.n
    FROM (SELECT organizer_id, is_individual_tour, date_start, count(*)::int AS n FROM old_requests WHERE date_start IS NOT NULL GROUP BY organizer_id, is_individual_tour, date_start) d
    WHERE c.organizer_id = d.organizer_id AND c.is_individual_tour = d.is_individual_tour AND c.date_start = d.date_start;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER requests_counts_insert AFTER INSERT ON requests REFERENCING NEW TABLE AS new_requests
  FOR EACH STATEMENT EXECUTE FUNCTION request_counts_on_insert();
--> statement-breakpoint
CREATE TRIGGER requests_counts_update AFTER UPDATE ON requests REFERENCING OLD TABLE AS old_requests NEW TABLE AS new_requests
  FOR EACH STATEMENT EXECUTE FUNCTION request_counts_on_update();
--> statement-breakpoint
CREATE TRIGGER requests_counts_delete AFTER DELETE ON requests REFERENCING OLD TABLE AS old_requests
  FOR EACH STATEMENT EXECUTE FUNCTION request_counts_on_delete();
--> statement-breakpoint
-- the requests already there
INSERT INTO request_status_counts (organizer_id, is_individual_tour, status, source, count)
  SELECT organizer_id, is_individual_tour, status, source, count(*)::int FROM requests GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO request_tour_counts (organizer_id, is_individual_tour, tour_id, count)
  SELECT organizer_id, is_individual_tour, tour_id, count(*)::int FROM requests WHERE tour_id IS NOT NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO request_start_counts (organizer_id, is_individual_tour, date_start, count)
  SELECT organizer_id, is_individual_tour, date_start, count(*)::int FROM requests WHERE date_start IS NOT NULL GROUP BY 1, 2, 3;
