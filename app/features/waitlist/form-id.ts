/** The id of the gig page's one waitlist form: the time picker's "Join the waitlist" buttons submit it (`form=`). */
export const WAITLIST_FORM_ID = "gig-waitlist";
