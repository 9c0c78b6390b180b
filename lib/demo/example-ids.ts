/*
 * Well-known ids of the simulated data set, for the demo home page and the tests. Kept free of any
 * import of the data set so that a page can link to them without pulling the generator in; the
 * data set places its special records under exactly these ids.
 */

export const exampleIds = {
  defaultProfileId: '6b1df7cd-fb3c-4b10-83fe-09a9531e66e3',
  archivedProfileId: 'bfcd89ed-607d-4cce-b2d5-4da13c6fbd2e',
  /** Every settings member filled, 40 countries, a link whose settings differ from the profile's. */
  richProfileId: '5ba71f12-5077-4b1a-a74e-ae849672b876',
  /** Named `<script>alert("x")</script> onboarding`, to prove that text is escaped. */
  htmlProfileId: 'ec62dd2f-aa89-40c2-807c-d692484f3fb7',
  shortIds: {
    initial: 'V065BDF38D77CA74B',
    pending: 'VD93EB1CB1F913DB4',
    in_progress: 'V2AE167F43EEBB98D',
    verified: 'V2C0C0912153735BE',
    failed: 'V386E86A58845396E',
    canceled: 'VDB9DDE21671682E8',
    expired: 'V1979937278FA2BE6',
  },
  sandboxShortId: 'V378B7124078FD3EA',
  /** Failed, with errors in several checks. */
  errorsShortId: 'V5723DEC7B81108B0',
  /** Only the required members of a verification, no optional ones. */
  minimalShortId: 'V3E4493CBF75709A7',
  /** A dozen matches of every entity type with every field group filled. */
  amlRichId: '25de66dd-58ae-4e1a-aa9e-b9aaecac593f',
  amlZeroId: '4710e0eb-641f-498f-9a51-0f444c9a02ee',
  /** 1,000 matches. */
  amlBigId: '4eb66cfd-ab23-47e6-9c67-a6d8d262178f',
  /** About 50 matches. */
  amlFiftyId: '90722024-3cef-48e0-b14f-35f1ef7a78b9',
  /** Over 300 matches. */
  amlLargeId: '71127685-2834-4a2d-a4b8-94fb0aee96af',
  /**
   * Verified; its AML report (the newer of two screenings of its applicant) has 8 matches whose
   * dates of birth, nationalities and genders agree with, conflict with or are missing from its
   * identity, and names in Latin and Cyrillic.
   */
  reviewShortId: 'V5378A978803751C5',
  /** The review verification's AML report: the newer screening. */
  reviewSearchId: '48115c31-f6e8-4d8b-aead-e20b6c3cf176',
  /** The earlier screening of the same applicant: shares most match uuids, not all. */
  reviewPreviousSearchId: '3e803fcd-87d7-4f50-a08e-ae9ca73debdf',
  reviewApplicantId: '1cdc65c4-a50e-4068-81ec-aa247d9f8088',
  /** The AML_SCREENING history record of the newer screening, among the newest records. */
  reviewScreeningRecordId: '7503b379-593e-4a01-b0ec-a8115636b964',
  /** Verified; screened without its middle name and with a decade for a date of birth. */
  differingShortId: 'VEB3B313756F2A0BE',
  webhookIds: [
    '88de0131-13a9-4040-8d7f-add3d2696482',
    '62962d93-9bd9-458e-a867-2a73f0436eb7',
    'f12a2bd3-f217-43c4-ace6-c38f64ecb650',
    'b7d5a163-3808-4f07-a531-2f6b534cbdf0',
  ],
} as const
