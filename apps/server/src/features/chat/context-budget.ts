/**
 * A turn's token budget (decision 027): what one request to a model may hold. The window is the
 * catalogue's contextTokens; the answer's room (maxOutputTokens) and a small margin come off it, and
 * within the rest go the tool's prompt, its context (a PDF's passages…), the summary of earlier
 * messages and the newest messages that fit. Recent messages are capped separately (history), so a
 * long chat costs about the same per message however long it grows; older messages are folded into
 * the summary in blocks (foldTo), so the prompt's prefix stays the same for several turns.
 */
export type TurnBudget = {
  /** The model's window (contextTokens). */
  window: number;
  /** Kept free for the answer (maxOutputTokens). */
  answerRoom: number;
  /** Kept free for what our counts miss (2 % of the window, at least 64). */
  margin: number;
  /** The most the request's input may hold: window − answerRoom − margin. */
  input: number;
  /** Recent messages over this many tokens (after the summary) are due to be folded into it. */
  history: number;
  /**
   * The most tokens of recent messages a turn sends: half as much again as `history`, so the turns
   * before a due fold lands still send every message after the summary (their prefix unchanged), and
   * a chat whose folds cannot run (no job queue) still costs a bounded amount per message.
   */
  historyLimit: number;
  /** A fold brings the messages after the summary down to this (so the next fold is a block away). */
  foldTo: number;
};

/** The share of the input recent messages may take at most: the rest is for the prompt, documents, summary. */
const HISTORY_SHARE = 0.5;
/** A fold leaves this share of the history cap, so summaries change once per block of about a quarter of it. */
const FOLD_TO_SHARE = 0.75;
const HISTORY_SLACK = 1.5;

export function turnBudget(
  model: { contextTokens: number; maxOutputTokens: number },
  historyTokens: number,
  /** A second try after the provider refused the first as too long: the input is cut to this share. */
  shrink = 1,
): TurnBudget {
  const window = model.contextTokens;
  const answerRoom = Math.min(model.maxOutputTokens, Math.floor(window / 2));
  const margin = Math.max(64, Math.ceil(window * 0.02));
  const input = Math.max(0, Math.floor((window - answerRoom - margin) * shrink));
  const history = Math.min(historyTokens, Math.floor(input * HISTORY_SHARE));
  return {
    window,
    answerRoom,
    margin,
    input,
    history,
    historyLimit: Math.floor(history * HISTORY_SLACK),
    foldTo: Math.floor(history * FOLD_TO_SHARE),
  };
}
