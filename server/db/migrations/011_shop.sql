-- The shop (issue #8): the povo shop's packages and plans, orders and their payment, the
-- time-limited coin pack and each room's item shop. Prices are yen, tax included.

-- Banners at the top of the povo shop; images are drawn by /img/shop/banner.
create table shop_banners (
  id integer primary key,
  title text not null,
  link_url text not null,
  color text not null,
  order_no integer not null
);

create table shop_packages (
  id integer primary key,
  name text not null,
  description text not null,
  color text not null,
  is_recommended boolean not null default false,
  order_no integer not null
);

-- A plan of a package: what is paid (yen) and what is credited (gold) when the order is paid.
create table shop_plans (
  id integer primary key,
  package_id integer not null references shop_packages(id),
  name text not null,
  description text not null,
  price integer not null check (price > 0),
  gold integer not null check (gold >= 0),
  -- A SIM card or goods are sent: the order carries a copy of the shipping address.
  requires_shipping boolean not null default false,
  color text not null,
  order_no integer not null
);
create index shop_plans_package on shop_plans (package_id, order_no);

-- The address a user last saved (only addresses that passed checkShippingAddress are stored).
create table user_shipping_addresses (
  user_id integer primary key references users(id),
  name text not null,
  postal_code text not null,
  prefecture text not null,
  city text not null,
  address_line1 text not null,
  address_line2 text not null,
  phone text not null,
  updated_at timestamptz not null default now()
);

-- A coin pack offered to each user for offer_hours from the first time they see it.
create table time_limited_packs (
  id integer primary key,
  name text not null,
  description text not null,
  price integer not null check (price > 0),
  gold integer not null check (gold >= 0),
  bonus_gold integer not null check (bonus_gold >= 0),
  offer_hours integer not null check (offer_hours > 0)
);

create table user_pack_offers (
  user_id integer not null references users(id),
  pack_id integer not null references time_limited_packs(id),
  opened_at timestamptz not null default now(),
  expires_at timestamptz not null,
  primary key (user_id, pack_id)
);

create table ec_categories (
  id integer primary key,
  name text not null,
  order_no integer not null
);

-- A room's item. stock: what can still be ordered (held by open orders); null = no limit.
create table ec_items (
  id serial primary key,
  room_id integer not null references rooms(id),
  category_id integer not null references ec_categories(id),
  name text not null,
  description text not null,
  price integer not null check (price > 0),
  stock integer check (stock >= 0),
  is_hidden boolean not null default false,
  sold_count integer not null default 0 check (sold_count >= 0),
  color text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index ec_items_room on ec_items (room_id, id);

-- An order: reserved → awaiting_payment → paid | cancelled | failed; reserved and
-- awaiting_payment become expired after expires_at. Every change is a conditional update on
-- the locked row (services/orders.ts). client_key makes a double submit one order.
create table orders (
  id text primary key,
  user_id integer not null references users(id),
  kind text not null check (kind in ('povo', 'pack', 'ec_item')),
  status text not null check (status in
    ('reserved', 'awaiting_payment', 'paid', 'cancelled', 'failed', 'expired')),
  title text not null,
  quantity integer not null check (quantity > 0),
  amount integer not null check (amount > 0),
  gold integer not null check (gold >= 0),
  plan_id integer references shop_plans(id),
  pack_id integer references time_limited_packs(id),
  ec_item_id integer references ec_items(id),
  room_id integer references rooms(id),
  -- A copy of the address at the time of the order.
  shipping jsonb,
  client_key text not null,
  provider text,
  provider_session text,
  redirect_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  expires_at timestamptz not null,
  paid_at timestamptz,
  unique (user_id, client_key),
  check ((kind = 'povo') = (plan_id is not null)),
  check ((kind = 'pack') = (pack_id is not null)),
  check ((kind = 'ec_item') = (ec_item_id is not null and room_id is not null)),
  check ((status = 'paid') = (paid_at is not null))
);
create index orders_open on orders (status, expires_at)
  where status in ('reserved', 'awaiting_payment');
create index orders_room_paid on orders (room_id, paid_at desc) where status = 'paid';
create index orders_user_pack on orders (user_id, pack_id) where pack_id is not null;

-- The local payment provider (services/payment-sandbox.ts): its own record of each session,
-- which it alone decides; the order service only reads it through the provider interface.
create table payment_sandbox_sessions (
  id text primary key,
  order_id text not null,
  title text not null,
  amount integer not null,
  status text not null default 'pending'
    check (status in ('pending', 'paid', 'cancelled', 'failed')),
  created_at timestamptz not null default now(),
  decided_at timestamptz
);

alter table ledger add column order_id text references orders(id);
