-- Mail sent through SMTP (issue #28): a request queues the mail here and answers; the mail
-- sender (server/services/mail-queue.ts) sends it, retrying with backoff. A mail is `queued`
-- until it is `sent`, or `failed` after its last attempt (with the error): never lost silently.
-- A queued mail whose sender died mid-send is due again once its lease (next_attempt_at) ends.
create table mail_queue (
  id serial primary key,
  recipient text not null,
  subject text not null default '',
  body text not null,
  status text not null default 'queued' check (status in ('queued', 'sent', 'failed')),
  attempts integer not null default 0,
  last_error text,
  next_attempt_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
-- The sender's question: which queued mails are due.
create index mail_queue_due on mail_queue (next_attempt_at) where status = 'queued';
