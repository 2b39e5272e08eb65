/** A question and its answer, as the FAQ page and the teasers list them. */
export interface FaqItem {
  id: string;
  question: string;
  answer: string;
}
