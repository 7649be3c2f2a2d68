import type { LegalType } from "./schema";

/**
 * Stored legal documents keep docs/domain.md's field names (privacy: lastUpdated, introduction; terms: updatedDate,
 * intro; both: keyPoints, sections). Pages render one normalised view of either shape.
 */
export type LegalSection = { title: string; body: string };
export type StoredLegalContent = {
  title?: string;
  lastUpdated?: string;
  updatedDate?: string;
  introduction?: string;
  intro?: string;
  keyPoints?: string[];
  sections?: LegalSection[];
};

/** What a document page renders: legal documents and prose pages alike. */
export type DocumentView = {
  title: string;
  updated: string | null;
  introduction: string;
  keyPoints: string[];
  sections: LegalSection[];
};

const DEFAULT_TITLES: Record<LegalType, string> = {
  mainTermsAndConditions: "Terms of Service",
  mainPrivacyPolicy: "Privacy Policy",
  vipQueueTermsAndConditions: "VIP Queue Terms and Conditions",
};

export function toLegalView(type: LegalType, content: StoredLegalContent): DocumentView {
  return {
    title: content.title ?? DEFAULT_TITLES[type],
    updated: content.lastUpdated ?? content.updatedDate ?? null,
    introduction: content.introduction ?? content.intro ?? "",
    keyPoints: content.keyPoints ?? [],
    sections: content.sections ?? [],
  };
}

export function pageToView(page: { title: string; intro: string; sections: LegalSection[] }): DocumentView {
  return { title: page.title, updated: null, introduction: page.intro, keyPoints: [], sections: page.sections };
}
