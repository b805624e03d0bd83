-- Review of the shop: a sandbox session ends with its order (a gateway's checkout has its own
-- expiry), so a page left open cannot be paid after the order has expired. Existing sessions
-- take their order's expiry.
alter table payment_sandbox_sessions add column expires_at timestamptz;
update payment_sandbox_sessions s
  set expires_at = coalesce(
    (select o.expires_at from orders o where o.id = s.order_id),
    s.created_at + interval '30 minutes');
alter table payment_sandbox_sessions alter column expires_at set not null;
