/**
 * Whether this tab has just created an account: the screens a new person lands on then lead to the first-run
 * question instead of the dashboard. It lives in the route table's decision, not in a navigation from the sign-up
 * form, which raced the render that shows the person signed in (that render's own redirect won).
 */
let accountJustCreated = false;

export const accountCreated = () => {
  accountJustCreated = true;
};

export const firstRunDue = () => accountJustCreated;

/** The question is on screen: from here it is answered or put off, and never asked again by the route table. */
export const firstRunShown = () => {
  accountJustCreated = false;
};
