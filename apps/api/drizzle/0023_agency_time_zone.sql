-- The agency's time zone (an IANA name, company setting): its statement months begin and end at
-- midnight there. Every existing agency starts in the portal's home zone.
ALTER TABLE "agencies" ADD COLUMN "time_zone" text DEFAULT 'Asia/Shanghai' NOT NULL;
