/** Spec §2: once set in this tab's session, the start page stops standing in for every route. */
const HAS_SEEN_START_PAGE = 'hasSeenStartPage';

export const hasSeenStartPage = () => sessionStorage.getItem(HAS_SEEN_START_PAGE) === 'true';
export const markStartPageSeen = () => sessionStorage.setItem(HAS_SEEN_START_PAGE, 'true');
