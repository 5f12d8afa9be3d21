-- The browser a session was signed in from, as its User-Agent header said it (issue 41 item 7): the account page names
-- each session by it ("Chrome 131 on macOS"), parsed when shown, so a better parser names old sessions better too.
-- Cut to 512 characters on the way in; sessions from before are null ("Unknown browser").
alter table user_sessions add column user_agent text check (char_length(user_agent) <= 512);
