-- What the device knows about its reader (issue 13, item 2), learned from the person's own sent
-- mail and kept on the device only, never sent to the cloud: their own addresses, and the people
-- they wrote to or replied to. Triage reads it ("you are in To", "you have replied to this sender").
CREATE TABLE IF NOT EXISTS `own_addresses` (
  `address` text PRIMARY KEY NOT NULL,
  -- "account:<id>" (an account's login) or "sent:<id>" (the From of that account's sent mail)
  `source` text NOT NULL,
  `added_at` integer NOT NULL
);
CREATE TABLE IF NOT EXISTS `contacts` (
  `address` text PRIMARY KEY NOT NULL,
  `wrote_count` integer NOT NULL DEFAULT 0,
  `replied_count` integer NOT NULL DEFAULT 0,
  `last_at` integer NOT NULL
);
-- How far each account's sent folder has been read, so each pass reads only what is new. IMAP:
-- `mark` is the folder's UIDVALIDITY and `last` its last UID read. JMAP: `last` is the newest
-- receivedAt read (ms) and `mark` the ids read at that second (JSON), since the next query asks
-- from that second again (receivedAt has whole seconds; two messages can share one).
CREATE TABLE IF NOT EXISTS `sent_cursor` (
  `account_id` text PRIMARY KEY NOT NULL,
  `folder` text NOT NULL,
  `mark` text NOT NULL,
  `last` integer NOT NULL
);
