-- Site content (family A): footer links, announcements, slides, advertisements, site parameters
-- and currency exchange rates. Texts that visitors read are one jsonb object per field holding
-- all five interface languages, {"en": …, "zh-CN": …, "ru": …, "ja": …, "ko": …}: one row per
-- item keeps its id, order and dates once, and a missing translation cannot be stored.

-- True when `texts` is an object with a non-blank string of at most `max_length` characters for
-- each of the five languages.
CREATE FUNCTION site_texts_complete(texts jsonb, max_length integer) RETURNS boolean
  LANGUAGE sql IMMUTABLE AS $$
    SELECT jsonb_typeof(texts) = 'object'
       AND NOT EXISTS (
             SELECT FROM unnest(ARRAY['en', 'zh-CN', 'ru', 'ja', 'ko']) AS lang
              WHERE NOT coalesce(jsonb_typeof(texts -> lang) = 'string'
                                 AND length(btrim(texts ->> lang)) > 0
                                 AND length(texts ->> lang) <= max_length, false))
  $$;

-- An absolute http(s) URL of printable ASCII, at most 2048 characters.
CREATE FUNCTION site_url_valid(link text) RETURNS boolean
  LANGUAGE sql IMMUTABLE AS $$
    SELECT length(link) <= 2048 AND link ~ '^https?://[\x21-\x7E]+$'
  $$;

-- A path of this site (`/terms`: one leading slash, printable ASCII without backslashes) or an
-- absolute http(s) URL, as the contract's site links.
CREATE FUNCTION site_link_valid(link text) RETURNS boolean
  LANGUAGE sql IMMUTABLE AS $$
    SELECT length(link) <= 2048
       AND (link ~ '^/([\x21-\x2E\x30-\x5B\x5D-\x7E][\x21-\x5B\x5D-\x7E]*)?$'
            OR link ~ '^https?://[\x21-\x7E]+$')
  $$;

CREATE TABLE footer_links (
  id         bigserial   PRIMARY KEY,
  -- The column heading, in the five languages; null for the bottom row.
  group_name jsonb       CHECK (group_name IS NULL OR site_texts_complete(group_name, 64)),
  title      jsonb       NOT NULL CHECK (site_texts_complete(title, 128)),
  url        text        NOT NULL CHECK (site_link_valid(url)),
  sort       integer     NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Published when published_at has come (a later one is scheduled); pinned ones are listed first.
CREATE TABLE announcements (
  id           bigserial   PRIMARY KEY,
  title        jsonb       NOT NULL CHECK (site_texts_complete(title, 256)),
  url          text        CHECK (url IS NULL OR site_link_valid(url)),
  pinned       boolean     NOT NULL DEFAULT false,
  published_at timestamptz NOT NULL
);

CREATE INDEX announcements_published_idx ON announcements (published_at DESC);

CREATE TABLE sliders (
  id         bigserial   PRIMARY KEY,
  title      jsonb       NOT NULL CHECK (site_texts_complete(title, 256)),
  image_url  text        NOT NULL CHECK (site_link_valid(image_url)),
  link_url   text        CHECK (link_url IS NULL OR site_link_valid(link_url)),
  sort       integer     NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE advertisements (
  id         bigserial   PRIMARY KEY,
  -- The page slot, e.g. home_banner.
  position   text        NOT NULL CHECK (position ~ '^[a-z][a-z0-9_]{0,63}$'),
  title      jsonb       NOT NULL CHECK (site_texts_complete(title, 256)),
  image_url  text        NOT NULL CHECK (site_link_valid(image_url)),
  link_url   text        CHECK (link_url IS NULL OR site_link_valid(link_url)),
  sort       integer     NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX advertisements_position_idx ON advertisements (position, sort);

-- The operator's public settings, one row. Facts of the running server (captcha, phone
-- registration, demo or live data, invitation reward) are not stored: the server answers them.
CREATE TABLE site_parameters (
  id                   boolean     PRIMARY KEY DEFAULT true CHECK (id),
  support_email        text        CHECK (support_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  wechat_qr_url        text        CHECK (site_url_valid(wechat_qr_url)),
  android_download_url text        CHECK (site_url_valid(android_download_url)),
  ios_download_url     text        CHECK (site_url_valid(ios_download_url)),
  updated_at           timestamptz NOT NULL DEFAULT now()
);

INSERT INTO site_parameters (id) VALUES (true);

-- Exchange rate entries (spec section 3): how much of `currency` one CNY buys. CNY itself, the
-- base at 1.000000 ￥, is not a row: the answer appends it last.
CREATE TABLE currency_rates (
  currency   text          PRIMARY KEY CHECK (currency ~ '^[A-Z]{3,5}$' AND currency <> 'CNY'),
  rate       numeric(20,6) NOT NULL CHECK (rate > 0),
  symbol     text          NOT NULL CHECK (length(symbol) BETWEEN 1 AND 8),
  sort       integer       NOT NULL DEFAULT 0,
  updated_at timestamptz   NOT NULL DEFAULT now()
);
