/** A policy page's text, one object per locale; the page renders it as headings and paragraphs. */
export type PolicySection = {
  /** Names a section the page adds something to (PolicyArticle's `extras`), e.g. the tracking choice. */
  id?: string;
  heading: string;
  /** Each entry is one paragraph; a paragraph starting with "- " is rendered as a list item. */
  paragraphs: string[];
};

export type PolicyDocument = {
  title: string;
  /** ISO date (YYYY-MM-DD) the text was last changed. */
  updated: string;
  intro: string;
  sections: PolicySection[];
};

export type PolicyId = 'terms' | 'refund' | 'privacy';

export type PolicySet = Record<PolicyId, PolicyDocument>;
