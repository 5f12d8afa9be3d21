// Guides people can find and reach (issue 27, docs/decisions/022) as the other domains and the app see it: import it
// from here, never from its other files.
export { findOwnGuideData, type OwnGuideData } from './account-data.ts';
export { checkGuideEmail, ensureGuide, findGuide, isGuide, registerGuide, setCertification } from './guide-records.ts';
export {
  findDemoMessageGuide,
  findNamedGuide,
  forwardContactRequest,
  insertDemoGuideMessage,
  listGuideMessages,
  markGuideMessage,
  sendGuideMessage,
} from './messages.ts';
export { guideMessageReasonLabel } from './message-emails.ts';
export {
  findClubGuides,
  findClubsInAreas,
  findGuidePage,
  findGuidePlace,
  findGuidesCovering,
  type GuideDirectoryPage,
  type GuidePlace,
  GUIDES_PER_PAGE,
  listGuideLanguages,
  listGuidePages,
  listGuidesByState,
  searchGuides,
  type StateGuide,
  suggestPlaces,
} from './public-guides-read-model.ts';
export { setVisibility } from './visibility.ts';
export { deletePhoto, encodePhoto, findPhoto, PhotoRefusal, savePhoto } from './photos.ts';
export { suggestGuideNames } from './names.ts';
export { findProfile, NO_GUIDE_PROFILE, updateProfile, setGuideNameAndPhone, insertDemoGuide } from './profiles.ts';
export { guidePreviewCard } from './preview-card.ts';
export { findReplyLink, issueReplyLinks, markRepliedByLink, type ReplyLinkOutcome, type ReplyLinkView } from './reply-links.ts';
export { openReplyLink, type ReplyLinkPage } from './reply-link-page.ts';
export { scrubClosedGuideMessages, stampGuideMessageEscalations, stampGuideMessageReminders } from './message-follow-ups.ts';
export { insertBenchGuides } from './bench-guides.ts';
