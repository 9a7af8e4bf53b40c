/**
 * The words that mark the carrier's refusal to cancel an order whose label it
 * made although the answer was lost: in the server's message, and what the
 * admin looks for to say what to do about it.
 */
export const UNSEEN_LABEL_REFUSAL = "the carrier made its label although the answer was lost"

export function isUnseenLabelRefusal(message: string | null | undefined): boolean {
  return !!message?.includes(UNSEEN_LABEL_REFUSAL)
}
