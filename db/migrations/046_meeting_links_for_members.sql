-- Issue 40: an online or hybrid club's meeting link is for its members only (docs/decisions/036). The link is never
-- published, so "keep the link private" means nothing any more: every link is. A link typed before the https-only
-- rule keeps working as its https address; dial-in text (phone numbers, meeting id, passcode) joins it.
update clubs set video_link = 'https://' || substr(video_link, 8) where video_link ilike 'http://%';

alter table clubs
  drop column video_link_private,
  add column dial_in text check (length(dial_in) <= 500),
  add constraint clubs_video_link_https check (video_link like 'https://%');
