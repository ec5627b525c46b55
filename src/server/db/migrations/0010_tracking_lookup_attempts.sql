CREATE TABLE "tracking_lookup_attempts" (
	"client_key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"attempts" integer NOT NULL
);
