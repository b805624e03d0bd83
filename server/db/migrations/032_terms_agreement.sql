-- New terms (issue #21): the terms version an account last agreed to, and when. Accounts made
-- before a version took effect are asked to agree to it once (src/domain/terms.ts); those made
-- after agreed by signing up. Accounts that exist now agreed to the terms in force today.
alter table users add column agreed_terms_version text;
alter table users add column agreed_terms_at timestamptz;
update users set agreed_terms_version = '2026-11-22', agreed_terms_at = now();
