-- Counters of rate-limiter-flexible's Postgres store, shared by every server instance. `expire` is epoch ms.
create table rate_limits (
  key varchar(255) primary key,
  points integer not null default 0,
  expire bigint
);
