-- Site content operators edit in /admin: one table for every kind of item (announcements,
-- slides, advertisements, footer links, blogroll links, download items, the about and terms
-- pages, and event pages composed of blocks), each with a draft/published flag and a publish
-- window. The four content tables of 0005 move here and go.
--
-- Texts are one jsonb object per field with the five interface languages, as in 0005, but a
-- language may now be blank (an operator publishes an announcement in Chinese only): the public
-- calls fall back to English, and an item with neither text is not listed for that reader.

-- True when `texts` is an object whose five languages are strings of at most `max_length`
-- characters, at least one of them not blank.
CREATE FUNCTION site_texts_valid(texts jsonb, max_length integer) RETURNS boolean
  LANGUAGE sql IMMUTABLE AS $$
    SELECT jsonb_typeof(texts) = 'object'
       AND NOT EXISTS (
             SELECT FROM unnest(ARRAY['en', 'zh-CN', 'ru', 'ja', 'ko']) AS lang
              WHERE NOT coalesce(jsonb_typeof(texts -> lang) = 'string'
                                 AND length(texts ->> lang) <= max_length, false))
       AND EXISTS (
             SELECT FROM unnest(ARRAY['en', 'zh-CN', 'ru', 'ja', 'ko']) AS lang
              WHERE length(btrim(texts ->> lang)) > 0)
  $$;

CREATE TABLE site_content_items (
  id         bigserial   PRIMARY KEY,
  kind       text        NOT NULL CHECK (kind IN ('announcement', 'slider', 'advertisement',
                                                  'footer_link', 'blogroll', 'download', 'page',
                                                  'event')),
  -- The page (`about`, `terms`) or the event (`goldshell`) an item is addressed by.
  slug       text        CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,63}$'),
  title      jsonb       NOT NULL CHECK (site_texts_valid(title, 256)),
  -- Longer text in the five languages (a page's body, a download's description); may be blank.
  body       jsonb       CHECK (body IS NULL OR (jsonb_typeof(body) = 'object'
                                                 AND length(body::text) <= 200000)),
  -- The kind's other fields (links, picture, slot, platform, version, checksum, blocks…),
  -- validated by the contract before they are stored.
  attrs      jsonb       NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(attrs) = 'object'
                                                      AND length(attrs::text) <= 100000),
  sort       integer     NOT NULL DEFAULT 0,
  published  boolean     NOT NULL DEFAULT true,
  -- The publish window: shown from starts_at (null: at once) until ends_at (null: for ever).
  starts_at  timestamptz,
  ends_at    timestamptz CHECK (ends_at IS NULL OR starts_at IS NULL OR ends_at > starts_at),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX site_content_items_kind_idx ON site_content_items (kind, sort, id);
CREATE UNIQUE INDEX site_content_items_slug_idx ON site_content_items (kind, slug)
  WHERE slug IS NOT NULL;

INSERT INTO site_content_items (kind, title, attrs, sort, created_at, updated_at)
  SELECT 'footer_link', title,
         jsonb_build_object('url', url, 'group', group_name), sort, created_at, created_at
    FROM footer_links ORDER BY id;

INSERT INTO site_content_items (kind, title, attrs, sort, starts_at, created_at, updated_at)
  SELECT 'announcement', title, jsonb_build_object('url', url, 'pinned', pinned), 0,
         published_at, published_at, published_at
    FROM announcements ORDER BY id;

INSERT INTO site_content_items (kind, title, attrs, sort, created_at, updated_at)
  SELECT 'slider', title, jsonb_build_object('image_url', image_url, 'link_url', link_url), sort,
         created_at, created_at
    FROM sliders ORDER BY id;

INSERT INTO site_content_items (kind, title, attrs, sort, created_at, updated_at)
  SELECT 'advertisement', title,
         jsonb_build_object('position', position, 'image_url', image_url, 'link_url', link_url),
         sort, created_at, created_at
    FROM advertisements ORDER BY id;

DROP TABLE footer_links;
DROP TABLE announcements;
DROP TABLE sliders;
DROP TABLE advertisements;
